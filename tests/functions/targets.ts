// The targets the function suite runs against: the handler modules called in this process with
// real Requests, and the real `npm start` server (server/serve.ts) over HTTP.
import { join } from 'node:path';
import signups from '../../netlify/functions/signups.ts';
import contact from '../../netlify/functions/contact.ts';
import health from '../../netlify/functions/health.ts';
import { closeDb, connect, setDb, type Db } from '../../server/db/client.ts';
import { openDb } from '../../server/db/open.ts';
import { migrate } from '../../server/db/migrate.ts';
import { pgliteDb } from '../../server/db/pglite.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { LOCAL_ORIGIN } from '../../src/shared/site-origin.ts';
import { createMigratedPgDatabase, removeDir, migratedDataDir, type TempDatabase } from '../support/db.ts';
import { startNeonHttp } from '../support/neon-http.ts';
import { startNeonWsProxy } from '../support/neon-ws.ts';
import {
  SELECT_CONTACTS,
  SELECT_SIGNUPS,
  freshIp,
  type ContactRow,
  type SendInit,
  type SignupRow,
  type Tables,
  type Target,
} from './form-suite.ts';

export async function readTables(db: Db): Promise<Tables> {
  const [s, c] = await Promise.all([db.query<SignupRow>(SELECT_SIGNUPS), db.query<ContactRow>(SELECT_CONTACTS)]);
  return { signups: s.rows, contacts: c.rows };
}

/** Stream bodies need `duplex: 'half'` in Node's fetch and Request. */
function requestInit(init: SendInit): RequestInit {
  const streaming = init.body instanceof ReadableStream;
  return {
    method: init.method ?? 'GET',
    headers: init.headers,
    body: init.body,
    ...(streaming ? { duplex: 'half' } : {}),
  };
}

const ROUTES: Record<string, (req: Request, context: { ip: string }) => Response | Promise<Response>> = {
  '/api/signups': signups,
  '/api/contact': contact,
  '/api/health': health,
};

/** The handlers with the process's database (getDb()) set to `db`. */
function handlerTarget(db: Db, cleanup: () => Promise<void>): Target {
  const origin = 'http://functions.test';
  return {
    origin,
    send: async (path, init = {}) => {
      const handler = ROUTES[path];
      if (!handler) throw new Error(`no handler for ${path}`);
      return handler(new Request(origin + path, requestInit(init)), { ip: init.ip ?? freshIp() });
    },
    read: () => readTables(db),
    finish: async () => {
      const tables = await readTables(db);
      await closeDb();
      await cleanup();
      return tables;
    },
  };
}

export async function handlersOnPglite(): Promise<Target> {
  const dataDir = await migratedDataDir();
  const db = await openDb({ DATA_DIR: dataDir });
  await migrate(db);
  return handlerTarget(db, async () => removeDir(dataDir));
}

export async function handlersOnPostgres(): Promise<Target> {
  const temp = await createMigratedPgDatabase();
  const db = await openDb({ DATABASE_URL: temp.url });
  await migrate(db);
  return handlerTarget(db, temp.drop);
}

/**
 * A Neon database for the handlers, as in production: a Neon URL selects Neon's serverless driver;
 * its single queries go to a local stand-in for Neon's /sql endpoint and its transactions (a
 * contact message and its alert, server/contacts.ts) over a local stand-in for Neon's WebSocket
 * proxy, both on a fresh PostgreSQL database. The URL names that database and a role the local
 * server trusts, so the WebSocket session reaches it.
 */
export async function neonOnPostgres(): Promise<{ db: Db; cleanup: () => Promise<void> }> {
  const temp = await createMigratedPgDatabase();
  const neon = await neonDriverOn(temp);
  setDb(neon.db);
  return { db: neon.db, cleanup: neon.cleanup };
}

/**
 * Neon's serverless driver on a PostgreSQL test database (migrated or not, as the caller made it):
 * single queries through the /sql stand-in, transactions through the WebSocket stand-in. Cleanup
 * stops both and drops the database.
 */
export async function neonDriverOn(temp: TempDatabase): Promise<{ db: Db; cleanup: () => Promise<void> }> {
  const neonHttp = await startNeonHttp(temp.url);
  const local = new URL(temp.url);
  const neonWs = await startNeonWsProxy({ host: local.hostname, port: Number(local.port || 5432) });
  const db = connect(
    `postgresql://${local.username || 'postgres'}:not-checked@ep-quiet-tree-123456-pooler.us-east-2.aws.neon.tech/${temp.name}?sslmode=require`,
  );
  if (db.kind !== 'neon') throw new Error('a Neon URL must select the Neon driver');
  return {
    db,
    cleanup: async () => {
      await db.close();
      await neonWs.close();
      await neonHttp.close();
      await temp.drop();
    },
  };
}

function httpSend(base: string): Target['send'] {
  return (path, init = {}) =>
    fetch(base + path, {
      ...requestInit(init),
      headers: { ...init.headers, ...(init.ip ? { 'X-Forwarded-For': init.ip } : {}) },
      redirect: 'manual',
    });
}

/** Stops a server on its embedded PGlite and reads that database directly (then removes it). */
export async function finalTables(server: RunningServer): Promise<Tables> {
  await server.stop('SIGTERM', { keepData: true });
  const db = await pgliteDb(join(server.dataDir, 'pglite'));
  try {
    return await readTables(db);
  } finally {
    await db.close();
    removeDir(server.dataDir);
  }
}

/**
 * The server on its embedded PGlite. The database belongs to the server process while it runs
 * (one process per data directory), so the tables are read after it stops.
 */
export async function serverOnPglite(): Promise<Target> {
  const server = await startServer({ TRUST_PROXY: '1', SITE_URL: LOCAL_ORIGIN });
  return {
    origin: server.url,
    send: httpSend(server.url),
    finish: () => finalTables(server),
  };
}
