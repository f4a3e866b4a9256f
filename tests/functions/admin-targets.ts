// The targets the admin suite runs against, each with direct access to its database (to seed rows
// and to age sessions and lockouts as time would):
//   - the function modules in this process, routed by their own config.path exactly as the
//     `npm start` runtime routes them (server/runtime/functions.ts), on PGlite and on PostgreSQL;
//   - the real `npm start` server over HTTP on PostgreSQL.
import { join } from 'node:path';
import { closeDb, connect, type Db } from '../../server/db/client.ts';
import { openDb } from '../../server/db/open.ts';
import { migrate } from '../../server/db/migrate.ts';
import { loadFunctions, makeContext, matchFunction } from '../../server/runtime/functions.ts';
import { startServer } from '../support/server.ts';
import { createMigratedPgDatabase, migratedDataDir } from '../support/db.ts';
import { freshIp, type SendInit } from './form-suite.ts';

export const TEST_ADMIN_KEY = 'test-admin-key-7c1f0b2e9d4a';

export interface AdminTarget {
  label: string;
  origin: string;
  /** Whether this target runs in the test process (so the test may change its environment). */
  inProcess: boolean;
  send(path: string, init?: SendInit): Promise<Response>;
  db: Db;
  finish(): Promise<void>;
}

function requestInit(init: SendInit): RequestInit {
  return { method: init.method ?? 'GET', headers: init.headers, body: init.body };
}

/** The function modules in this process on the process's database; `db` is the test's own access. */
export async function handlers(db: Db, label: string, cleanup: () => Promise<void>): Promise<AdminTarget> {
  process.env.ADMIN_KEY = TEST_ADMIN_KEY;
  const functions = await loadFunctions(join(process.cwd(), 'netlify', 'functions'));
  const origin = 'http://functions.test';
  return {
    label,
    origin,
    inProcess: true,
    db,
    send: async (path, init = {}) => {
      const url = new URL(origin + path);
      const match = matchFunction(functions, url);
      if (!match) return new Response('no function', { status: 404 });
      return match.fn.handler(
        new Request(url, requestInit(init)),
        makeContext(init.ip ?? freshIp(), match.params, origin),
      );
    },
    finish: async () => {
      await closeDb();
      await cleanup();
    },
  };
}

export async function adminHandlersOnPglite(): Promise<AdminTarget> {
  const db = await openDb({ DATA_DIR: await migratedDataDir() });
  await migrate(db);
  return handlers(db, 'the admin functions on PGlite', async () => undefined);
}

export async function adminHandlersOnPostgres(): Promise<AdminTarget> {
  const temp = await createMigratedPgDatabase();
  const db = await openDb({ DATABASE_URL: temp.url });
  await migrate(db);
  return handlers(db, 'the admin functions on PostgreSQL', temp.drop);
}

/** The `npm start` server over HTTP; the test reaches the same database through its own pool. */
export async function adminServerOnPostgres(): Promise<AdminTarget> {
  const temp = await createMigratedPgDatabase();
  const server = await startServer({ TRUST_PROXY: '1', DATABASE_URL: temp.url, ADMIN_KEY: TEST_ADMIN_KEY });
  const db = connect(temp.url);
  return {
    label: 'the npm start server on PostgreSQL, over HTTP',
    origin: server.url,
    inProcess: false,
    db,
    send: (path, init = {}) =>
      fetch(server.url + path, {
        ...requestInit(init),
        headers: { ...init.headers, 'X-Forwarded-For': init.ip ?? freshIp() },
        redirect: 'manual',
      }),
    finish: async () => {
      await server.stop();
      await db.close();
      await temp.drop();
    },
  };
}
