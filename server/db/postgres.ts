// Server Postgres: `pg` with a small pool for any URL (self-hosting, CI), and Neon's serverless
// driver for Neon URLs: single queries over HTTP (no connection to keep warm in a function),
// transactions over a WebSocket session opened for that transaction only.
import pg from 'pg';
import { Client as NeonClient, neon } from '@neondatabase/serverless';
import type { Db, QueryResult, Transaction } from './types.ts';

/** Neon's hosts end in neon.tech (or neon.build for their staging). */
export function isNeonUrl(url: string): boolean {
  try {
    return /\.neon\.(tech|build)$/.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

interface PgLikeClient {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** BEGIN … COMMIT on one session; ROLLBACK if `fn` throws. `onBroken` hears of a failed ROLLBACK. */
async function runTransaction<T>(
  client: PgLikeClient,
  fn: (tx: Transaction) => Promise<T>,
  onBroken: () => void = () => undefined,
): Promise<T> {
  const tx: Transaction = {
    query: async <R>(text: string, params: readonly unknown[] = []) =>
      (await client.query(text, [...params])) as QueryResult<R>,
    // Without parameters the simple query protocol is used, which accepts several statements.
    exec: async (script) => {
      await client.query(script);
    },
  };
  await client.query('BEGIN');
  try {
    const result = await fn(tx);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(onBroken);
    throw err;
  }
}

export function pgDb(url: string): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DATABASE_POOL_MAX) || 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: 'rooted-threads',
  });
  // An idle client whose server goes away emits 'error' on the pool; unhandled, it would end the
  // process. The next query simply gets a fresh connection.
  pool.on('error', (err) => console.error('postgres pool: idle client error:', err.message));
  return {
    kind: 'pg',
    query: async <T>(text: string, params: readonly unknown[] = []) =>
      (await pool.query(text, [...params])) as unknown as QueryResult<T>,
    transaction: async (fn) => {
      const client = await pool.connect();
      let healthy = true;
      try {
        return await runTransaction(client, fn, () => (healthy = false));
      } finally {
        // A session whose ROLLBACK failed is in an unknown state: destroy it rather than pool it.
        client.release(!healthy);
      }
    },
    close: () => pool.end(),
  };
}

export function neonDb(url: string): Db {
  const sql = neon(url);
  return {
    kind: 'neon',
    query: async <T>(text: string, params: readonly unknown[] = []) => ({
      rows: (await sql.query(text, [...params])) as T[],
    }),
    transaction: async (fn) => {
      const client = new NeonClient(url);
      await client.connect();
      try {
        return await runTransaction(client, fn);
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    close: async () => undefined,
  };
}
