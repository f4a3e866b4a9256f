// `astro dev` answers its own pages only. Vite's default CORS lets any page served from another
// local port (http://localhost:*, 127.0.0.1:*, *.localhost) read and call the dev server, and the
// Keystatic API under it writes files in the repository: a page on another port could write MDX,
// or code, on the editor's machine (issue 35, item 3). So CORS is switched off (no other origin is
// ever allowed to read an answer or pass a preflight), and this guard refuses, before any other
// middleware, a request that a browser marks as coming from another origin or site.
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';

/** Whether the dev server should refuse a request with these headers (see the file's comment). */
export function foreignRequest(headers: {
  origin?: string;
  host?: string;
  'sec-fetch-site'?: string | string[];
}): boolean {
  const fetchSite = headers['sec-fetch-site'];
  // A browser says where a request comes from; 'none' is the user's own typing or bookmark.
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const origin = headers.origin;
  if (origin === undefined || origin === 'null') return origin === 'null';
  return origin !== `http://${headers.host}` && origin !== `https://${headers.host}`;
}

function guardPlugin(): Plugin {
  return {
    name: 'dev-origin-guard',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        // A top-level page load from a link elsewhere is let through: it can neither read nor write.
        const navigation =
          req.method === 'GET' &&
          req.headers['sec-fetch-mode'] === 'navigate' &&
          req.headers['sec-fetch-dest'] === 'document';
        if (!navigation && foreignRequest(req.headers)) {
          res.statusCode = 403;
          res.setHeader('Content-Type', 'text/plain; charset=utf-8');
          res.end('The dev server answers only its own pages (another origin called it).');
          return;
        }
        next();
      });
    },
  };
}

/** CORS off, the Host check at Vite's strict default, and the origin guard: `astro dev` only. */
export function devOriginGuard(): AstroIntegration {
  return {
    name: 'dev-origin-guard',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command !== 'dev') return;
        updateConfig({ vite: { server: { cors: false, allowedHosts: [] }, plugins: [guardPlugin()] } });
      },
    },
  };
}
