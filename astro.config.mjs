// @ts-check
import { defineConfig, fontProviders } from 'astro/config';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import keystatic from '@keystatic/astro';
import netlify from '@astrojs/netlify';
import { siteOrigin } from './src/shared/site-origin.ts';
import { chunkUrl } from './src/integrations/chunk-url.ts';
import { postBuild } from './src/integrations/post-build.ts';
import { editorFunctionPaths, inBuildOnly } from './src/integrations/editor-routes.ts';
import { devOriginGuard } from './src/integrations/dev-origin-guard.ts';
import { ownerDetailsCheck } from './src/integrations/owner-details-check.ts';
import { isPreviewBuild } from './src/shared/build-mode.ts';
import { buildTimeZone } from './src/shared/site-time-zone.ts';
import { editorCspSources, editorDeployed, editorStorage } from './src/shared/editor-storage.ts';

// The build's own settings (README, "Configuration"): a malformed PREVIEW or SITE_TIME_ZONE stops
// the build here, naming the variable, before any page is made. The catalogue reads the same.
isPreviewBuild(process.env);
buildTimeZone(process.env);

// The editor's storage (local files, GitHub or Keystatic Cloud) from the environment; a wrong
// variable stops the build here, named. keystatic.config.ts (server and browser) reads the result.
const storage = editorStorage(process.env);
const withEditor = editorDeployed(storage, process.env);

// The origin every canonical URL, sitemap entry and social card is built on (see src/site.ts).
const site = siteOrigin(process.env);

/**
 * Tells the catalogue (src/lib/catalogue.ts) whether drafts and scheduled articles are shown:
 * under `astro dev` (the editor's preview) and in preview builds, never in a production build.
 * Decided by Astro's command, not NODE_ENV (a build run with NODE_ENV=test is still a build).
 * @returns {import('astro').AstroIntegration}
 */
function publishingMode() {
  return {
    name: 'publishing-mode',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        const show = command === 'dev' || isPreviewBuild(process.env);
        updateConfig({ vite: { define: { 'import.meta.env.SHOW_UNPUBLISHED': JSON.stringify(show) } } });
      },
    },
  };
}

/**
 * Drops one known upstream build warning and nothing else: Rolldown's MODULE_LEVEL_DIRECTIVE for the
 * "use astro:head-inject" directive Astro itself adds to every MDX module, printed once per article
 * (withastro/astro#18087). Remove this when that issue is fixed.
 * @param {{ code?: string, message: string }} warning
 */
const isKnownHeadInjectWarning = (warning) =>
  warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use astro:head-inject"');

export default defineConfig({
  site,
  // Astro's cache (the optimised images: 2 of a cold build's 2¾ minutes) outside node_modules/, so
  // `npm ci` keeps it; .ci/run keeps .cache/ between runs on one machine.
  cacheDir: './.cache/astro',
  // Canonical URLs have no trailing slash; pages build to /path.html and are served at /path.
  trailingSlash: 'never',
  // Every page's CSS is inlined (about 5 KB gzipped): no request stands between the HTML and its
  // first paint.
  build: { format: 'file', inlineStylesheets: 'always' },
  // One web font: Fraunces for headings, a 13 KB static subset (scripts/subset-fonts.ts), preloaded
  // by BaseHead so it is there by the first paint of the first page too. `optional`: used when it is
  // there by the first paint (always once cached), else that page view keeps 'Fraunces fallback' (global.css: Times New
  // Roman, Liberation Serif or Tinos with the metric overrides Astro computes for Fraunces). No late
  // swap, so no shift on a system without any of them (Android); `swap` was measured too (docs/decisions.md, "Critical path").
  fonts: [
    {
      provider: fontProviders.local(),
      name: 'Fraunces',
      cssVariable: '--font-fraunces',
      fallbacks: ['Fraunces fallback', 'Georgia', 'serif'],
      optimizedFallbacks: false,
      display: 'optional',
      options: {
        variants: [{ src: ['./src/assets/fonts/fraunces-620-subset.woff2'], weight: 620, style: 'normal' }],
      },
    },
  ],
  // chunkUrl: `?chunk-url` imports, for the first-interaction trigger (BaseLayout.astro).
  // postBuild: the search index and dist/_headers, once the pages are written.
  // The Keystatic editor's routes render on request (src/integrations/editor-routes.ts): in a build
  // through Netlify's adapter as one function narrowed to the editor's paths (imageCDN off: images
  // stay built by sharp); under `astro dev` without an adapter, guarded against other origins
  // (src/integrations/dev-origin-guard.ts). Not shipped by a Netlify build in local mode.
  adapter: withEditor ? inBuildOnly(netlify({ imageCDN: false, devFeatures: false })) : undefined,
  integrations: [
    ownerDetailsCheck(),
    mdx(),
    react(),
    chunkUrl(),
    postBuild(),
    ...(withEditor ? [keystatic(), editorFunctionPaths()] : []),
    devOriginGuard(),
    publishingMode(),
  ],
  vite: {
    define: { 'import.meta.env.PUBLIC_EDITOR_STORAGE': JSON.stringify(JSON.stringify(storage)) },
    build: {
      rolldownOptions: {
        // React in one chunk, as it was before the editor's page joined the build: the editor also
        // imports react-dom, which would otherwise split React into several chunks that every
        // island page then loads separately (~1.5 KB more gzipped each; tests/unit/js-budget.test.ts).
        output: {
          codeSplitting: {
            groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
          },
        },
        onwarn(warning, warn) {
          if (!isKnownHeadInjectWarning(warning)) warn(warning);
        },
      },
    },
  },
  // No code blocks in our content; Shiki's inline styles would also clash with the CSP.
  markdown: { syntaxHighlight: false },
  prefetch: false,
  devToolbar: { enabled: false },
  // Artwork is our own SVG: pages show it as SVG (a few KB, sharp at any size); social cards
  // rasterise it to PNG, which needs SVG processing (safe: no third-party SVG is ever processed).
  // Photo heroes go through sharp: AVIF at a lower encoder effort (the default takes seconds per
  // file on a small build machine, for a few per cent of size) and JPEG fallbacks through mozjpeg.
  image: {
    responsiveStyles: false,
    dangerouslyProcessSVG: true,
    service: { entrypoint: 'astro/assets/services/sharp', config: { avif: { effort: 2 }, jpeg: { mozjpeg: true } } },
  },
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        // GitHub or Keystatic Cloud mode: the editor's page reaches their API and shows photos
        // from them (src/shared/editor-storage.ts); local mode adds nothing.
        /** @type {`img-src ${string}`} */ (["img-src 'self' data:", ...editorCspSources(storage).img].join(' ')),
        "font-src 'self'",
        /** @type {`connect-src ${string}`} */ (["connect-src 'self'", ...editorCspSources(storage).connect].join(' ')),
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "worker-src 'self'",
      ],
      // Search runs Pagefind's WebAssembly; react-hot-toast injects its keyframes at run time.
      scriptDirective: { resources: ["'self'", "'wasm-unsafe-eval'"] },
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
});
