// Brotli and gzip siblings for the built site's text files (x.html → x.html.br, x.html.gz), made
// once after the build at the highest levels, so the server never compresses per request. The
// server compresses a file the build left without siblings once at start-up, with the same rules.
//   node --experimental-strip-types server/runtime/precompress.ts [dist]
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

/** Extensions worth compressing (fonts, images and Pagefind's fragments already are). */
export const COMPRESSIBLE = new Set(['html', 'css', 'js', 'mjs', 'json', 'xml', 'txt', 'svg', 'webmanifest', 'wasm']);
/** Under this size the header bytes of an encoding cost about what it saves. */
export const MIN_COMPRESS_BYTES = 1024;
export const ENCODINGS = { br: '.br', gzip: '.gz' } as const;
export type Encoding = keyof typeof ENCODINGS;

export function isCompressible(ext: string, size: number): boolean {
  return COMPRESSIBLE.has(ext) && size >= MIN_COMPRESS_BYTES;
}

/** `max` for the build; `fast` (still good: Brotli 9) for the server's start-up fallback. */
export function compress(body: Buffer, encoding: Encoding, effort: 'max' | 'fast' = 'max'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: effort === 'max' ? zlib.BROTLI_MAX_QUALITY : 9,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level: zlib.Z_BEST_COMPRESSION });
}

const extOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');

/**
 * Writes the .br and .gz siblings of every compressible file under `dir` whose encoding is smaller,
 * with the file's own modification time (the server sends it as Last-Modified). Returns the count.
 */
export function precompressDir(dir: string): number {
  let written = 0;
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    const stat = statSync(full);
    if (stat.isDirectory()) {
      written += precompressDir(full);
      continue;
    }
    if (!isCompressible(extOf(name), stat.size)) continue;
    const body = readFileSync(full);
    for (const [encoding, suffix] of Object.entries(ENCODINGS) as [Encoding, string][]) {
      const packed = compress(body, encoding);
      if (packed.length >= body.length) continue;
      writeFileSync(full + suffix, packed);
      utimesSync(full + suffix, stat.atime, stat.mtime);
      written++;
    }
  }
  return written;
}

if (import.meta.main) {
  const dir = process.argv[2] ?? 'dist';
  const started = performance.now();
  const count = precompressDir(dir);
  console.log(`precompress: ${count} files in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
