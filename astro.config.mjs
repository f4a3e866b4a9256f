// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import { siteOrigin } from './src/shared/site-origin.ts';
import { chunkUrl } from './src/integrations/chunk-url.ts';
import { postBuild } from './src/integrations/post-build.ts';

// The origin every canonical URL, sitemap entry and social card is built on (see src/site.ts).
const site = siteOrigin(process.env);

export default defineConfig({
  site,
  // Canonical URLs have no trailing slash; pages build to /path.html and are served at /path.
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'auto' },
  // chunkUrl: `?chunk-url` imports, for the first-interaction trigger (BaseLayout.astro).
  // postBuild: the search index and dist/_headers, once the pages are written.
  integrations: [mdx(), react(), chunkUrl(), postBuild()],
  // No code blocks in our content; Shiki's inline styles would also clash with the CSP.
  markdown: { syntaxHighlight: false },
  prefetch: false,
  devToolbar: { enabled: false },
  // Artwork is our own SVG: pages show it as SVG (a few KB, sharp at any size); social cards
  // rasterise it to PNG, which needs SVG processing (safe: no third-party SVG is ever processed).
  image: { responsiveStyles: false, dangerouslyProcessSVG: true },
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
      ],
      // Search runs Pagefind's WebAssembly; react-hot-toast injects its keyframes at run time.
      scriptDirective: { resources: ["'self'", "'wasm-unsafe-eval'"] },
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
});
