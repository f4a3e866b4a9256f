// The small HTML pages behind the e-mail links (confirm, preferences), rendered by the functions:
// the site is static and must work without JavaScript, so each page is a plain form whose POST
// acts. They look like the site (its colours, both themes, its type) through one inline style, and
// follow the reader's theme choice through one inline script, that the Content-Security-Policy
// allows by their hashes; nothing else may load, and the token in the URL
// never leaves for another site in a Referer.
import { createHash } from 'node:crypto';
import { BRAND_NAME } from '../../src/shared/brand.ts';
import { CONFIRM_PAGE } from '../../src/shared/messages/welcome.ts';
import { THEME_STORAGE_KEY } from '../../src/shared/theme.ts';
import { SECURITY_HEADERS } from '../http.ts';

const STYLE = `
:root{color-scheme:light dark;--bg:light-dark(#f4eee2,#1b1713);--surface:light-dark(#fbf8f1,#241e19);
--text:light-dark(#3b2f25,#efe6d8);--muted:light-dark(#5a4a3c,#cdbfad);--accent:light-dark(#4a5f39,#a9c08f);
--accent-text:light-dark(#fbf8f1,#1b1713);--border:light-dark(#d8cbb2,#4a4036);--danger:light-dark(#a12c2c,#ff9a9a);
--focus:light-dark(#1f5fa8,#8ab8ff)}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:1.0625rem/1.6 system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif}
header,footer{display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;align-items:center;justify-content:space-between;padding:1rem 1.25rem}
header{border-bottom:1px solid var(--border);background:var(--surface)}
footer{border-top:1px solid var(--border);margin-top:3rem;font-size:.925rem;color:var(--muted)}
.brand{color:var(--text);font-family:'Iowan Old Style','Palatino Linotype',Georgia,serif;font-size:1.25rem;font-weight:600;text-decoration:none}
nav ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;margin:0;padding:0}
nav a{display:inline-block;padding:.35rem 0}
.lists{margin:0 0 1rem;padding-left:1.25rem}
.lists li{margin:0 0 .4rem}
.reads{list-style:none;margin:0 0 1rem;padding:0}
.reads li{padding:.6rem 0;border-top:1px solid var(--border)}
.reads a{font-weight:600}
.reads p{margin:.2rem 0 0}
main{max-width:36rem;margin:2rem auto;padding:1.5rem 1.25rem;background:var(--surface);border:1px solid var(--border);border-radius:.5rem}
h1{margin:0 0 .75rem;font-family:'Iowan Old Style','Palatino Linotype',Georgia,serif;font-size:clamp(1.45rem,1.3rem + .7vw,1.85rem);line-height:1.2}
h2{margin:2rem 0 .5rem;font-size:1.15rem}
p{margin:0 0 1rem}
.muted{color:var(--muted);font-size:.925rem}
.error{color:var(--danger)}
fieldset{border:0;margin:0 0 1rem;padding:0}
legend{font-weight:600;margin-bottom:.5rem;padding:0}
.leave{margin:0 0 1.5rem;padding:0 0 1.5rem;border-bottom:1px solid var(--border)}
label{display:flex;gap:.6rem;align-items:flex-start;padding:.4rem 0}
input[type=checkbox]{width:1.25rem;height:1.25rem;margin:.2rem 0 0;accent-color:var(--accent);flex:none}
button{font:inherit;font-weight:600;min-height:2.75rem;padding:.6rem 1.2rem;border-radius:999px;border:2px solid var(--accent);background:var(--accent);color:var(--accent-text);cursor:pointer}
button.secondary{background:transparent;color:var(--danger);border-color:var(--danger)}
a{color:var(--accent)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
@media (max-width:30rem){main{margin:0;border-radius:0;border-width:0 0 1px}}
`;

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

// The theme the reader chose with the site's toggle (same origin, so the same localStorage) wins
// over the system's, as on every other page; without JavaScript the system's applies.
const THEME_SCRIPT = `try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});if(t==="light"||t==="dark")document.documentElement.style.colorScheme=t}catch(e){}`;
const THEME_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;

/** The pages' headers: the API's, with a CSP that allows the one script, the one style and forms to this site. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  ...SECURITY_HEADERS,
  'Content-Security-Policy': `default-src 'none'; script-src ${THEME_SCRIPT_HASH}; style-src ${STYLE_HASH}; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
  // The token is in the URL: never send it to another site. (Not no-referrer: with it, a browser
  // sends `Origin: null` on the page's own form posts, which the same-site check must refuse.)
  'Referrer-Policy': 'same-origin',
  'Content-Type': 'text/html; charset=utf-8',
};

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function links(items: readonly { label: string; href: string }[]): string {
  return items.map((l) => `<li><a href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a></li>`).join('');
}

/** The site's header as every page has it: the name home, and the way into the site. */
function siteHeader(): string {
  return `<header><a class="brand" href="/">${escapeHtml(BRAND_NAME)}</a>
<nav aria-label="${escapeHtml(CONFIRM_PAGE.navLabel)}"><ul>${links(CONFIRM_PAGE.navLinks)}</ul></nav></header>`;
}

/** The footer: the site's own pages and its notice (the first year is the spec's, ../shared/DECISIONS.md). */
function siteFooter(): string {
  return `<footer><nav aria-label="${escapeHtml(CONFIRM_PAGE.footerNavLabel)}"><ul>${links(CONFIRM_PAGE.footerLinks)}</ul></nav>
<p>© 2024–${new Date().getUTCFullYear()} ${escapeHtml(BRAND_NAME)}</p></footer>`;
}

/** A whole page; `body` is trusted HTML built with escapeHtml. */
export function htmlPage(status: number, title: string, body: string): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${escapeHtml(BRAND_NAME)}</title>
<script>${THEME_SCRIPT}</script>
<style>${STYLE}</style>
</head>
<body>
${siteHeader()}
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
${siteFooter()}
</body>
</html>
`;
  return new Response(html, { status, headers: PAGE_HEADERS });
}
