// Local demo mode for `npm start`: when ADMIN_KEY is unset, a random key is generated once, kept in
// `<DATA_DIR>/admin-key` (mode 600) so it survives restarts, put in force for this process, and
// printed with the dashboard's address. The gate then shows it as the spec's demo hint, fetched
// from the server at run time: it is never part of the built site.
//
// Nothing here runs on Netlify: functions there never call this, so without ADMIN_KEY they fail
// closed (config.ts). serve.ts calls it only on a loopback listener with no public SITE_URL and no
// TRUST_PROXY (runtime/admin-startup.ts); anywhere else a missing key stops the server.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { enableLocalDemo } from './config.ts';
import { adminKeySetting } from '../settings.ts';
import { keyWeakness } from './key-strength.ts';

export const KEY_FILE = 'admin-key';

export interface LocalKey {
  source: 'env' | 'file' | 'generated';
  /** Where the generated key is kept (not for 'env'). */
  path?: string;
}

function readKey(path: string): string | undefined {
  try {
    const key = readFileSync(path, 'utf8').trim();
    if (keyWeakness(key)) return undefined;
    // Keep it private even if someone loosened the file's mode.
    if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * Makes sure an admin key is in force for this process and says where it came from. `adminUrl`
 * is printed with a generated or stored key.
 */
export function ensureLocalAdminKey(dataDir: string, adminUrl?: string): LocalKey {
  if (adminKeySetting()) return { source: 'env' };
  const path = join(resolve(dataDir), KEY_FILE);
  let key = readKey(path);
  let source: LocalKey['source'] = 'file';
  if (!key) {
    // 144 random bits, URL-safe: easy to copy, impossible to guess.
    do key = randomBytes(18).toString('base64url');
    while (keyWeakness(key));
    mkdirSync(resolve(dataDir), { recursive: true });
    writeFileSync(path, key + '\n', { mode: 0o600 });
    chmodSync(path, 0o600);
    source = 'generated';
  }
  enableLocalDemo(key);
  console.log(`  admin (local demo mode, ADMIN_KEY unset): ${adminUrl ?? '/admin'}`);
  console.log(`  admin key: ${key}  (kept in ${path}; set ADMIN_KEY to choose your own)`);
  return { source, path };
}
