// The one script that runs before the first paint: it applies the theme the reader chose (kept by
// the toggle, theme-toggle.ts) to <html data-theme>, so the page never flashes the other one.
// Inline in <head> and allowed by its hash in the page's Content-Security-Policy (BaseHead.astro).
import { createHash } from 'node:crypto';
import { THEME_STORAGE_KEY } from '../site';

const key = JSON.stringify(THEME_STORAGE_KEY);

/** The script's text, exactly as it is hashed and inlined. */
export const THEME_SCRIPT = `try{var t=localStorage.getItem(${key});if(t==="light"||t==="dark")document.documentElement.dataset.theme=t}catch(e){}`;

/** Its CSP source, e.g. sha256-…= */
export const THEME_SCRIPT_HASH = `sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}` as const;
