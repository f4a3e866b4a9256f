/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** Drafts and scheduled articles are shown: `astro dev` and preview builds (astro.config.mjs). */
  readonly SHOW_UNPUBLISHED: boolean;
  /** The editor's storage as JSON (src/shared/editor-storage.ts), chosen by the build's environment. */
  readonly PUBLIC_EDITOR_STORAGE?: string;
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
