// What `astro build` does once the pages are written: the Pagefind search index (dist/pagefind/)
// and each page's Content-Security-Policy as a real HTTP header (dist/_headers), both read from
// the built HTML; then, the output being final, Brotli and gzip siblings of its text files.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { close, createIndex } from 'pagefind';
import { pagePath } from '../shared/page-path.ts';
import { precompressDir } from '../../server/precompress.ts';

export function postBuild(): AstroIntegration {
  return {
    name: 'post-build',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        await writeSearchIndex(dist, logger);
        writeCspHeaders(dist, logger);
        const started = performance.now();
        const count = await precompressDir(dist);
        logger.info(`precompress: ${count} .br/.gz files in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}

/** Indexes every page's `data-pagefind-body` (see BaseLayout's `searchable`). */
async function writeSearchIndex(dist: string, logger: AstroIntegrationLogger): Promise<void> {
  const started = performance.now();
  try {
    const { index, errors } = await createIndex();
    if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
    const added = await index.addDirectory({ path: dist });
    const written = await index.writeFiles({ outputPath: join(dist, 'pagefind') });
    const failures = [...added.errors, ...written.errors];
    if (failures.length) throw new Error(`pagefind: ${failures.join('; ')}`);
    // The benchmark (scripts/bench/scale.ts) reads this line for Pagefind's share of the build.
    logger.info(`pagefind: indexed ${added.page_count} pages in ${Math.round(performance.now() - started)} ms`);
  } finally {
    // The index is built by Pagefind's binary in a child process; stop it so the build can exit.
    await close();
  }
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.html') && !name.startsWith(`pagefind${sep}`))
    .map((name) => join(dir, name));
}

const decodeAttribute = (s: string) =>
  s
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/**
 * Astro's `security.csp` writes each page's policy (with the hashes of its inline scripts) into a
 * <meta> tag. Headers can also carry `frame-ancestors`, which a meta policy cannot, and header
 * scanners (Mozilla Observatory) read only headers. Netlify and our server
 * (server/runtime/netlify-rules.ts) both read dist/_headers.
 */
function writeCspHeaders(dist: string, logger: AstroIntegrationLogger): void {
  const blocks: string[] = [];
  for (const file of htmlFiles(dist).sort()) {
    const html = readFileSync(file, 'utf8');
    const meta = html.match(/<meta http-equiv="content-security-policy" content="([^"]+)"/i);
    if (!meta) throw new Error(`${file}: no Content-Security-Policy meta tag (security.csp is off?)`);
    const policy = decodeAttribute(meta[1]!)
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .concat("frame-ancestors 'none'")
      .join('; ');
    const path = pagePath(relative(dist, file).split(sep).join('/'));
    if (path === '/404') continue; // served for unknown paths; its meta policy applies there
    blocks.push(`${path}\n  Content-Security-Policy: ${policy}`);
  }
  writeFileSync(join(dist, '_headers'), blocks.join('\n') + '\n');
  logger.info(`_headers: Content-Security-Policy for ${blocks.length} pages`);
}
