// Server Postgres: `pg` with a small pool for any URL (self-hosting, CI), and Neon's serverless
// driver for Neon URLs: single queries over HTTP (no connection to keep warm in a function),
// transactions over a WebSocket session opened for that transaction only.
import pg from 'pg';
import { Client as NeonClient, NeonDbError, neon } from '@neondatabase/serverless';
import { databasePoolMax } from '../settings.ts';
import { DbUnavailableError, errorCode, type Db, type QueryResult, type Transaction } from './types.ts';

/** Neon's hosts end in neon.tech (or neon.build for their staging). */
export function isNeonUrl(url: string): boolean {
  try {
    return /\.neon\.(tech|build)$/.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * `pg`'s own errors for a connection that could not be made or was lost: the server went away
 * mid-query (a crash, a restart, an immediate shutdown), a closed client, a connect timeout. They
 * carry no SQLSTATE, so isUnavailable() cannot tell them from a bug of ours; `unavailable()` makes
 * them DbUnavailableError (503 with Retry-After, not 500). Neon's WebSocket client is a fork of
 * `pg` and words them alike.
 */
const CONNECTION_ERRORS = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Connection terminated due to connection timeout',
  'timeout expired',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
]);

/** Whether `err` says the database could not be reached, rather than that a statement failed. */
function isConnectionError(err: unknown): err is Error {
  if (!(err instanceof Error) || errorCode(err) !== undefined) return false;
  // Neon's HTTP driver: the fetch itself failed (refused, reset, DNS); only then is sourceError set.
  if (err instanceof NeonDbError) return err.sourceError !== undefined;
  return CONNECTION_ERRORS.has(err.message);
}

/** Runs `work`, rethrowing a driver's connection error as DbUnavailableError (the cause kept). */
async function unavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isConnectionError(err)) throw new DbUnavailableError(`database connection: ${err.message}`, { cause: err });
    throw err;
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
    max: databasePoolMax(),
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: 'rooted-threads',
  });
  // An idle client whose server goes away emits 'error' on the pool; unhandled, it would end the
  // process. The next query simply gets a fresh connection.
  pool.on('error', (err) => console.error('postgres pool: idle client error:', err.message));
  // pg emits 'error' on a session the server ends while no statement of it is running, and the
  // pool listens only while the session is idle: a session checked out at that moment (between two
  // statements of any caller) would end the process unheard. Each session keeps a listener of its
  // own for life; the failure reaches its caller as the next statement's error, and the pool drops
  // the session when it comes back (no longer queryable).
  pool.on('connect', (client) => client.on('error', () => undefined));
  return {
    kind: 'pg',
    query: <T>(text: string, params: readonly unknown[] = []) =>
      unavailable(async () => (await pool.query(text, [...params])) as unknown as QueryResult<T>),
    transaction: (fn) =>
      unavailable(async () => {
        const client = await pool.connect();
        let healthy = true;
        // The server may end the session between two statements (a shutdown, a crash): pg then emits
        // 'error' on the checked-out client, which would take the whole process down unheard. The
        // next statement fails on its own; the session is not pooled again.
        const lost = () => (healthy = false);
        client.on('error', lost);
        try {
          return await runTransaction(client, fn, () => (healthy = false));
        } finally {
          client.off('error', lost);
          // A session whose ROLLBACK failed is in an unknown state: destroy it rather than pool it.
          client.release(!healthy);
        }
      }),
    close: () => pool.end(),
  };
}

/** Runs at most `max` tasks at once; the rest wait their turn, first come first served. */
function limiter(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < max) active++;
    else await new Promise<void>((go) => waiting.push(go)); // the finishing task hands its place on
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

export function neonDb(url: string): Db {
  const sql = neon(url);
  // Each transaction opens its own WebSocket session (a server connection behind Neon's pooler).
  // One process opens at most DATABASE_POOL_MAX at once, as the pg pool does: a burst of
  // requests in the long-lived server waits its turn instead of exhausting the server's
  // connections (one Netlify function instance runs one request at a time anyway).
  const inTurn = limiter(databasePoolMax());
  return {
    kind: 'neon',
    query: <T>(text: string, params: readonly unknown[] = []) =>
      unavailable(async () => ({ rows: (await sql.query(text, [...params])) as T[] })),
    transaction: (fn) =>
      unavailable(() =>
        inTurn(async () => {
          const client = new NeonClient(url);
          // A WebSocket that cannot be opened rejects with the socket's error event, not an Error: the
          // database cannot be reached. A refusal by Postgres itself (e.g. a wrong password) keeps its code.
          await client.connect().catch((err: unknown) => {
            throw errorCode(err)
              ? err
              : new DbUnavailableError('database connection: no session could be opened', { cause: err });
          });
          try {
            return await runTransaction(client, fn);
          } finally {
            await client.end().catch(() => undefined);
          }
        }),
      ),
    close: async () => undefined,
  };
}
