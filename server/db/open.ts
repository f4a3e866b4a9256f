// Opens the process's database for a long-lived process (the `npm start` server, `db:migrate`,
// tests): DATABASE_URL if set, else the embedded PGlite under DATA_DIR (default `.data`).
import { resolve } from 'node:path';
import { connect, setDb, type Db } from './client.ts';
import { pgliteDb } from './pglite.ts';

export function embeddedDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.DATA_DIR || '.data', 'pglite');
}

export async function openDb(env: NodeJS.ProcessEnv = process.env): Promise<Db> {
  const db = env.DATABASE_URL ? connect(env.DATABASE_URL) : await pgliteDb(embeddedDataDir(env));
  setDb(db);
  return db;
}
