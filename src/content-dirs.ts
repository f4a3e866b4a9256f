// Where each collection's MDX files live, from the project root: the content schema
// (src/content.config.ts) loads them from here and the visual editor (keystatic.config.ts) writes
// them here. No imports: both configs load this file in their own runtimes.

/** The folder of each collection; hero paths in front-matter are relative to it. */
export const CONTENT_DIRS = { articles: 'src/content/articles', stories: 'src/content/stories' } as const;
