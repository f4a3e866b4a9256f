// The secrets the database generated for the server (table server_secrets, migrations 001 and
// 006), read once per database handle and shared by every request of this process.
import type { Queryable } from '../db/client.ts';

export type SecretName = 'admin_device_key' | 'admin_session_salt' | 'staff_secret';

const cache = new WeakMap<Queryable, Map<SecretName, Promise<string>>>();

export function serverSecret(db: Queryable, name: SecretName): Promise<string> {
  let secrets = cache.get(db);
  if (!secrets) cache.set(db, (secrets = new Map<SecretName, Promise<string>>()));
  let secret = secrets.get(name);
  if (!secret) {
    secret = db
      .query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [name])
      .then(({ rows }) => {
        if (!rows[0]) throw new Error(`server_secrets has no ${name}: run the migrations`);
        return rows[0].value;
      });
    // Do not keep a failure (e.g. the database was briefly down).
    secret.catch(() => secrets.delete(name));
    secrets.set(name, secret);
  }
  return secret;
}
