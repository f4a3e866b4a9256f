// After `astro build`: sends each page's Content-Security-Policy as a real HTTP header too.
// Astro's `security.csp` writes the policy (with the hashes of that page's inline scripts) into a
// <meta> tag; headers can also carry `frame-ancestors`, which a meta policy cannot, and header
// scanners (Mozilla Observatory) read only headers. Writes dist/_headers, which Netlify and our
// server (server/runtime/netlify-rules.ts) both read.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const dist = process.argv[2] ?? 'dist';

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === 'pagefind' ? [] : htmlFiles(full);
    return name.endsWith('.html') ? [full] : [];
  });
}

/** dist/articles/x.html → /articles/x; dist/index.html → / */
function urlPath(file: string): string {
  const rel = '/' + relative(dist, file).split(sep).join('/');
  return rel === '/index.html' ? '/' : rel.replace(/\/index\.html$/, '').replace(/\.html$/, '');
}

const decode = (s: string) =>
  s
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

const blocks: string[] = [];
for (const file of htmlFiles(dist).sort()) {
  const html = readFileSync(file, 'utf8');
  const meta = html.match(/<meta http-equiv="content-security-policy" content="([^"]+)"/i);
  if (!meta) throw new Error(`${file}: no Content-Security-Policy meta tag (security.csp is off?)`);
  const policy = decode(meta[1]!)
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .concat("frame-ancestors 'none'")
    .join('; ');
  const path = urlPath(file);
  if (path === '/404') continue; // served for unknown paths; its meta policy applies there
  blocks.push(`${path}\n  Content-Security-Policy: ${policy}`);
}
writeFileSync(join(dist, '_headers'), blocks.join('\n') + '\n');
console.log(`csp-headers: ${blocks.length} pages`);
