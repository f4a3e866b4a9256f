/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** Drafts and scheduled articles are shown: `astro dev` and preview builds (astro.config.mjs). */
  readonly SHOW_UNPUBLISHED: boolean;
}

/** The URL of a module bundled as a chunk of its own (src/integrations/chunk-url.ts). */
declare module '*?chunk-url' {
  const url: string;
  export default url;
}

declare namespace App {
  interface Locals {
    /** What the <Midpoint /> marker of the article being rendered shows. */
    midpoint?: { signup: boolean; ad: boolean };
    /** Tables rendered so far on this page (names each table's scroll region uniquely). */
    tables?: number;
  }
}
