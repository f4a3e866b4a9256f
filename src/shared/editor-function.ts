// The Keystatic editor as one on-demand function: where the build writes it and which paths it
// answers. The build (src/integrations/editor-routes.ts) narrows the function to these paths;
// `npm start` (server/runtime/editor-function.ts) mounts the same function on the same paths.

/** The editor function's URL patterns, in Netlify's `config.path` syntax. */
export const EDITOR_PATHS = ['/keystatic', '/keystatic/*', '/api/keystatic/*'] as const;

/** Where @astrojs/netlify writes the function's entry, relative to the project root. */
export const EDITOR_FUNCTION_DIR = '.netlify/v1/functions/ssr';
export const EDITOR_FUNCTION_ENTRY = `${EDITOR_FUNCTION_DIR}/ssr.mjs`;
