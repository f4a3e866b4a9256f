// Real databases for tests: a fresh PostgreSQL database per run on the local server (CI starts
// one on 127.0.0.1:5432 with trust auth), and a fresh PGlite directory.
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Any database on the server we may connect to in order to create others. */
export const PG_ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export interface TempDatabase {
  url: string;
  name: string;
  drop: () => Promise<void>;
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createPgDatabase(): Promise<TempDatabase> {
  const name = `rt_test_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    // FORCE ends sessions a stopped server or pool may have left behind (PostgreSQL 13+).
    drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'rt-data-'));
}

/** Removes a test's data directory (an embedded database is ~40 MB). */
export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
