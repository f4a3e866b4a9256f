// The Keystatic editor's two routes (/keystatic/** and /api/keystatic/**) render on request; every
// other page stays prerendered. Under `astro dev` they render without an adapter, as before. In a
// build, @astrojs/netlify turns them into one Netlify function (.netlify/v1/functions/ssr/), which
// Netlify runs and `npm start` imports and calls warm behind the dashboard's session
// (server/runtime/editor-function.ts). docs/decisions.md, "The editor on the deployed site".
import { readFileSync, writeFileSync } from 'node:fs';
import type { AstroIntegration } from 'astro';
import { EDITOR_FUNCTION_ENTRY, EDITOR_PATHS } from '../shared/editor-function.ts';

/**
 * Runs `adapter`'s hooks in `astro build` only, so `astro dev` stays the plain dev server (no
 * Netlify emulation, nothing that could reach Netlify): its on-demand routes need no adapter there.
 */
export function inBuildOnly(adapter: AstroIntegration): AstroIntegration {
  let build = false;
  const hooks: AstroIntegration['hooks'] = {};
  for (const [name, hook] of Object.entries<unknown>(adapter.hooks)) {
    const forward = hook as (options: { command?: string }) => unknown;
    (hooks as Record<string, unknown>)[name] = (options: { command?: string }) => {
      if (name === 'astro:config:setup') build = options.command === 'build';
      return build ? forward(options) : undefined;
    };
  }
  return { name: `${adapter.name} (build only)`, hooks };
}

/**
 * The adapter's function answers `/*` (every URL no static file has, 404s and our own /api/*
 * functions' paths included). Only the editor renders on request, so the function is narrowed to
 * the editor's paths; a 404 stays Netlify's static 404.html and our functions keep their paths.
 * Fails the build if the adapter's output changed shape (the replacement would silently not apply).
 */
export function editorFunctionPaths(): AstroIntegration {
  let root: URL;
  return {
    name: 'editor-function-paths',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = config.root;
      },
      'astro:build:done': ({ logger }) => {
        const entry = new URL(EDITOR_FUNCTION_ENTRY, root);
        const source = readFileSync(entry, 'utf8');
        const narrowed = source.replace(/path: '\/\*',/, `path: ${JSON.stringify(EDITOR_PATHS)},`);
        if (narrowed === source) {
          throw new Error(`${EDITOR_FUNCTION_ENTRY}: no "path: '/*'" to narrow to the editor's paths`);
        }
        writeFileSync(entry, narrowed.replace("name: 'Astro SSR'", "name: 'Keystatic editor'"));
        logger.info(`the editor function answers ${EDITOR_PATHS.join(', ')}`);
      },
    },
  };
}
