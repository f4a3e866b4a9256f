// Whether the dashboard is enabled, with which key, and whether this process is in local demo mode.
//
// The key is ADMIN_KEY, a secret of the deployment. Without it (or with one too weak to resist
// guessing: key-strength.ts) every admin function answers 503 "Admin is not configured": the
// dashboard fails closed. Only the `npm start` server, when ADMIN_KEY is unset and it serves this
// machine alone, generates a key of its own and marks the process as local demo mode
// (local-key.ts); only then, and only to a browser on this machine, does the gate show the key.
import { keyWeakness } from './key-strength.ts';
import { adminKeySetting, setAdminKeySetting, type Env } from '../settings.ts';

export { MIN_KEY_LENGTH } from './key-strength.ts';

// On globalThis rather than in a module variable, so the mark survives a module being loaded twice.
const DEMO = Symbol.for('rooted-threads.admin.local-demo-key');
type DemoHolder = { [DEMO]?: string };

let warned = false;

/** The admin key in force, or undefined when the dashboard is disabled. */
export function adminKey(env?: Env): string | undefined {
  const key = adminKeySetting(env);
  if (!key) return undefined;
  const weakness = keyWeakness(key);
  if (weakness) {
    if (!warned) {
      warned = true;
      console.error(`admin: ADMIN_KEY is too weak (${weakness}), so the dashboard is disabled.`);
    }
    return undefined;
  }
  return key;
}

/** Puts `key` in force for this process and marks it as local demo mode (server/serve.ts only). */
export function enableLocalDemo(key: string): void {
  setAdminKeySetting(key);
  (globalThis as DemoHolder)[DEMO] = key;
}

/** The key to show on the gate: only in local demo mode, and only while it is the key in force. */
export function demoKey(): string | undefined {
  const key = (globalThis as DemoHolder)[DEMO];
  return key !== undefined && key === adminKey() ? key : undefined;
}

/** Ends local demo mode (tests). */
export function disableLocalDemo(): void {
  (globalThis as DemoHolder)[DEMO] = undefined;
}
