// Opens the process's database for a long-lived process (the `npm start` server, `db:migrate`,
// tests): DATABASE_URL if set, else the embedded PGlite under DATA_DIR (default `.data`).
import { resolve } from 'node:path';
import { connect, setDb, type Db } from './client.ts';
import { pgliteDb } from './pglite.ts';
import { databaseUrl, dataDir, type Env } from '../settings.ts';

export function embeddedDataDir(env?: Env): string {
  return resolve(dataDir(env), 'pglite');
}

export async function openDb(env?: Env): Promise<Db> {
  const url = databaseUrl(env);
  const db = url ? connect(url) : await pgliteDb(embeddedDataDir(env));
  setDb(db);
  return db;
}
