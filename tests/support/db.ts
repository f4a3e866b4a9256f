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
    drop: () => dropDatabase(name),
  };
}

/**
 * Drops a test database. A pool's `end()` resolves before its sessions have finished closing, so
 * a FORCE right away can kill a session mid-goodbye and its client emits an error nobody listens
 * to any more. Waiting up to 3 s for the sessions to leave avoids that; FORCE (PostgreSQL 13+)
 * then ends whatever a stopped server or a leaked pool really left behind.
 */
async function dropDatabase(name: string): Promise<void> {
  await admin(async (c) => {
    for (let i = 0; i < 30; i++) {
      const { rows } = await c.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
      if (rows[0]!.n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'rt-data-'));
}

/** Removes a test's data directory (an embedded database is ~40 MB). */
export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
