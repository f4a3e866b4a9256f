// `astro dev` answers its own pages only. Vite's default CORS lets any page served from another
// local port (http://localhost:*, 127.0.0.1:*, *.localhost) read and call the dev server, and the
// Keystatic API under it writes files in the repository: a page on another port could write MDX,
// or code, on the editor's machine (issue 35, item 3). So CORS is switched off (no other origin is
// ever allowed to read an answer or pass a preflight), and this guard refuses, before any other
// middleware, a request that a browser marks as coming from another origin or site.
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';

/** Whether the dev server should refuse a request with these headers (see the file's comment). */
export function foreignRequest(headers: { origin?: string; host?: string; 'sec-fetch-site'?: string }): boolean {
  const fetchSite = headers['sec-fetch-site'];
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    // Top-level navigations from elsewhere (a link in a mail) are fine; they cannot read or write.
    return true;
  }
  const origin = headers.origin;
  if (origin === undefined || origin === 'null') return origin === 'null';
  return origin !== `http://${headers.host}` && origin !== `https://${headers.host}`;
}

function guardPlugin(): Plugin {
  return {
    name: 'dev-origin-guard',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const navigation =
          req.method === 'GET' && req.headers['sec-fetch-mode'] === 'navigate' && req.headers['sec-fetch-dest'] === 'document';
        if (!navigation && foreignRequest(req.headers as Record<string, string>)) {
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
