// Brotli and gzip siblings for the built site's text files (x.html → x.html.br, x.html.gz), made
// once at the end of the build (src/integrations/post-build.ts) at high levels, so the server
// never compresses per request. The server compresses a file the build left without siblings once
// at start-up, with the same rules. The runtime owns this module (it serves what it describes);
// the build integration imports it, never the other way round.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { utimes, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { brotliCompress, brotliCompressSync, gzip, gzipSync, constants as zlib, type BrotliOptions } from 'node:zlib';

/** Extensions worth compressing (fonts, images and Pagefind's fragments already are). */
export const COMPRESSIBLE = new Set(['html', 'css', 'js', 'mjs', 'json', 'xml', 'txt', 'svg', 'wasm']);
/** Under this size the header bytes of an encoding cost about what it saves. */
export const MIN_COMPRESS_BYTES = 1024;
export const ENCODINGS = { br: '.br', gzip: '.gz' } as const;
export type Encoding = keyof typeof ENCODINGS;

export function isCompressible(ext: string, size: number): boolean {
  return COMPRESSIBLE.has(ext) && size >= MIN_COMPRESS_BYTES;
}

const brotliOptions = (body: Buffer, effort: 'build' | 'startup'): BrotliOptions => ({
  params: {
    // 10, not 11: within 3% of 11's size in a sixth of the time (the 500-article build feels it).
    [zlib.BROTLI_PARAM_QUALITY]: effort === 'build' ? 10 : 9,
    [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
    [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
  },
});

/** Brotli 10 for the build, 9 for the server's start-up fallback; gzip at its best level. */
export function compress(body: Buffer, encoding: Encoding, effort: 'build' | 'startup' = 'build'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, brotliOptions(body, effort))
    : gzipSync(body, { level: zlib.Z_BEST_COMPRESSION });
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** The build's compression, on libuv's thread pool so every core works at once. */
const compressMax = (body: Buffer, encoding: Encoding): Promise<Buffer> =>
  encoding === 'br'
    ? brotliAsync(body, brotliOptions(body, 'build'))
    : gzipAsync(body, { level: zlib.Z_BEST_COMPRESSION });

const extOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');

/** The compressible files under `dir`, recursively. */
function compressibleFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((full) => {
      const stat = statSync(full);
      return stat.isFile() && isCompressible(extOf(full), stat.size);
    });
}

/**
 * Writes the .br and .gz siblings of every compressible file under `dir` whose encoding is smaller,
 * with the file's own modification time (the server sends it as Last-Modified). Returns the count.
 */
export async function precompressDir(dir: string): Promise<number> {
  const jobs = compressibleFiles(dir).flatMap((full) =>
    (Object.entries(ENCODINGS) as [Encoding, string][]).map(async ([encoding, suffix]) => {
      const body = readFileSync(full);
      const packed = await compressMax(body, encoding);
      if (packed.length >= body.length) return 0;
      const { atime, mtime } = statSync(full);
      await writeFile(full + suffix, packed);
      await utimes(full + suffix, atime, mtime);
      return 1;
    }),
  );
  return (await Promise.all(jobs)).reduce<number>((a, b) => a + b, 0);
}
