// Whether the dashboard is enabled, with which key, and whether this process is in local demo mode.
//
// The key is ADMIN_KEY, a secret of the deployment. Without it (or with one too weak to resist
// guessing: key-strength.ts) every admin function answers 503 "Admin is not configured": the
// dashboard fails closed. Only the `npm start` server, when ADMIN_KEY is unset and it serves this
// machine alone, generates a key of its own and marks the process as local demo mode
// (local-key.ts); only then, and only to a browser on this machine, does the gate say where the
// key is kept (demo-hint.ts: the key itself never travels over HTTP).
import { keyWeakness } from './key-strength.ts';
import { adminKeySetting, setAdminKeySetting, type Env } from '../settings.ts';

export { MIN_KEY_LENGTH } from './key-strength.ts';

// On globalThis rather than in a module variable, so the mark survives a module being loaded twice.
const DEMO = Symbol.for('rooted-threads.admin.local-demo-key');
const DEMO_FILE = Symbol.for('rooted-threads.admin.local-demo-key-file');
type DemoHolder = { [DEMO]?: string; [DEMO_FILE]?: string };

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

/**
 * Puts `key` in force for this process and marks it as local demo mode (server/serve.ts only);
 * `keyFile` is where it is kept, for the gate's hint.
 */
export function enableLocalDemo(key: string, keyFile = '.data/admin-key'): void {
  setAdminKeySetting(key);
  (globalThis as DemoHolder)[DEMO] = key;
  (globalThis as DemoHolder)[DEMO_FILE] = keyFile;
}

/** Where the demo key is kept, while local demo mode is in force. */
export function demoKeyFile(): string | undefined {
  return demoKey() ? (globalThis as DemoHolder)[DEMO_FILE] : undefined;
}

/** The demo key: only in local demo mode, and only while it is the key in force. Never sent anywhere. */
export function demoKey(): string | undefined {
  const key = (globalThis as DemoHolder)[DEMO];
  return key !== undefined && key === adminKey() ? key : undefined;
}

/** Ends local demo mode (tests). */
export function disableLocalDemo(): void {
  (globalThis as DemoHolder)[DEMO] = undefined;
  (globalThis as DemoHolder)[DEMO_FILE] = undefined;
}
