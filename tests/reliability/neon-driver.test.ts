// The production driver's transaction path: server/db/postgres.ts neonDb().transaction opens a
// Postgres session over a WebSocket (`@neondatabase/serverless` Client), as it does against Neon.
// Here the WebSocket goes to a local stand-in of Neon's proxy (tests/support/neon-ws.ts) in front of
// the real PostgreSQL server; single queries go over HTTP to the /sql stand-in (neon-http.ts).
//   - the migrations run in one transaction over one WebSocket session, with no HTTP at all;
//   - a transaction commits (its rows invisible to other sessions until then), and one that fails —
//     by a throw or by a statement's error, SQLSTATE kept — rolls back; 20 at once, one session each;
//   - a database the driver cannot reach (HTTP or WebSocket) is "unavailable" (503), not a 500;
//   - the whole admin API suite (tests/functions/admin-suite.ts) runs on the Neon driver. The admin
//     functions use single statements only (no transaction), so that is its HTTP path, against a
//     database migrated through the WebSocket path.
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { neonConfig } from '@neondatabase/serverless';
import signups from '../../netlify/functions/signups.ts';
import { closeDb, connect, errorCode, isUnavailable, setDb, type Db } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { SIGNUP_FAILURE } from '../../src/shared/messages/index.ts';
import { createPgDatabase, PG_ADMIN_URL, type TempDatabase } from '../support/db.ts';
import { startNeonHttp } from '../support/neon-http.ts';
import { startNeonWsProxy, type NeonWsProxy } from '../support/neon-ws.ts';
import { freePort } from '../support/server.ts';
import { adminSuite } from '../functions/admin-suite.ts';
import { handlers } from '../functions/admin-targets.ts';
import { freshIp, tag } from '../functions/form-suite.ts';

/** Every migration file, in order: a fresh database gets them all. */
const MIGRATIONS = readdirSync('server/db/migrations')
  .filter((f) => f.endsWith('.sql'))
  .map((f) => f.replace(/\.sql$/, ''))
  .sort();

const server = new URL(PG_ADMIN_URL);
const POSTGRES = { host: server.hostname, port: Number(server.port || 5432) };

/** A Neon-looking URL (what selects the Neon driver) for `database`; the stand-ins take it to the local server. */
function neonUrl(database: string): string {
  const user = decodeURIComponent(server.username || 'postgres');
  return `postgresql://${user}:not-checked@ep-quiet-tree-123456-pooler.us-east-2.aws.neon.tech/${database}?sslmode=require`;
}

const count = async (db: Db, sql: string, params: unknown[] = []) =>
  Number((await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${sql}`, params)).rows[0]!.n);

async function until(probe: () => boolean, ms: number): Promise<void> {
  const t0 = Date.now();
  while (!probe()) {
    if (Date.now() - t0 > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("Neon's driver: transactions over a WebSocket session", () => {
  let temp: TempDatabase;
  let direct: Db;
  let neonDb: Db;
  let proxy: NeonWsProxy;
  const savedEndpoint = neonConfig.fetchEndpoint;

  beforeAll(async () => {
    temp = await createPgDatabase();
    direct = connect(temp.url);
    proxy = await startNeonWsProxy(POSTGRES);
    // Nothing listens here: a query sent over HTTP would fail, so what works went over the WebSocket.
    neonConfig.fetchEndpoint = `http://127.0.0.1:${await freePort()}/sql`;
    neonDb = connect(neonUrl(temp.name));
    expect(neonDb.kind).toBe('neon');
  });

  afterAll(async () => {
    neonConfig.fetchEndpoint = savedEndpoint;
    await proxy?.close();
    await direct?.close();
    await temp?.drop();
  });

  const signup = (email: string) => [email, 'Updates', '/'];
  const INSERT = 'INSERT INTO email_signups (email, signup_type, source_page) VALUES ($1, $2, $3)';

  it('applies the migrations in one transaction over one WebSocket session, with no HTTP', async () => {
    const before = proxy.sessions;
    expect(await migrate(neonDb)).toEqual(MIGRATIONS);
    expect(proxy.sessions).toBe(before + 1);
    expect(await count(direct, 'schema_migrations')).toBe(MIGRATIONS.length);
    // Again: nothing pending, and the advisory lock and checksums were read over the same path.
    expect(await migrate(neonDb)).toEqual([]);
    await until(() => proxy.open === 0, 5_000);
  });

  it('commits: the rows are invisible to other sessions until COMMIT, then stored', async () => {
    const email = `neon-commit-${tag()}@example.com`;
    const seen = await neonDb.transaction(async (tx) => {
      await tx.query(INSERT, signup(email));
      await tx.query('INSERT INTO contact_submissions (name, email, message, source_page) VALUES ($1, $2, $3, $4)', [
        'Ada',
        email,
        'Sent in a transaction',
        '/contact',
      ]);
      return {
        inside: Number(
          (await tx.query<{ n: string }>('SELECT count(*)::text AS n FROM email_signups WHERE email = $1', [email]))
            .rows[0]!.n,
        ),
        outside: await count(direct, 'email_signups WHERE email = $1', [email]),
      };
    });
    expect(seen).toEqual({ inside: 1, outside: 0 });
    expect(await count(direct, 'email_signups WHERE email = $1', [email])).toBe(1);
    expect(await count(direct, 'contact_submissions WHERE email = $1', [email])).toBe(1);
  });

  it('rolls back when the work throws: nothing stored, the error passed on', async () => {
    const email = `neon-throw-${tag()}@example.com`;
    const failure = new Error('changed my mind');
    await expect(
      neonDb.transaction(async (tx) => {
        await tx.query(INSERT, signup(email));
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await count(direct, 'email_signups WHERE email = $1', [email])).toBe(0);
  });

  it('rolls back when a statement fails, keeping its SQLSTATE (23505)', async () => {
    const taken = `neon-taken-${tag()}@example.com`;
    await direct.query(INSERT, signup(taken));
    const first = `neon-first-${tag()}@example.com`;
    const err = await neonDb
      .transaction(async (tx) => {
        await tx.query(INSERT, signup(first));
        await tx.query(INSERT, signup(taken.toUpperCase()));
      })
      .catch((e: unknown) => e);
    expect(errorCode(err)).toBe('23505');
    expect(isUnavailable(err)).toBe(false);
    expect(await count(direct, 'email_signups WHERE email = $1', [first])).toBe(0);
  });

  it('runs 20 transactions at once, one session each, all committed and every session closed', async () => {
    const before = proxy.sessions;
    const emails = Array.from({ length: 20 }, () => `neon-many-${tag()}@example.com`);
    await Promise.all(
      emails.map((email) =>
        neonDb.transaction(async (tx) => {
          await tx.query(INSERT, signup(email));
          await tx.query('SELECT pg_sleep(0.05)');
        }),
      ),
    );
    expect(await count(direct, 'email_signups WHERE email = ANY($1)', [emails])).toBe(20);
    expect(proxy.sessions).toBe(before + 20);
    await until(() => proxy.open === 0, 5_000);
  });

  it('a database it cannot reach is unavailable (503 with the spec text), over HTTP and over WebSocket', async () => {
    // HTTP: the /sql endpoint refuses the connection (nothing listens on fetchEndpoint).
    const httpErr = await neonDb.query('SELECT 1').catch((e: unknown) => e);
    expect(isUnavailable(httpErr), String(httpErr)).toBe(true);
    // WebSocket: a proxy whose Postgres is gone.
    await proxy.close();
    const nowhere = await startNeonWsProxy({ host: '127.0.0.1', port: await freePort() });
    try {
      const wsErr = await neonDb.transaction((tx) => tx.query('SELECT 1')).catch((e: unknown) => e);
      expect(isUnavailable(wsErr), String(wsErr)).toBe(true);
    } finally {
      await nowhere.close();
      proxy = await startNeonWsProxy(POSTGRES);
    }
    // …and a form answered through the driver says 503, Retry-After and the spec's text.
    setDb(neonDb);
    try {
      const res = await signups(
        new Request('http://functions.test/api/signups', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: 'http://functions.test' },
          body: JSON.stringify({ email: `neon-down-${tag()}@example.com`, signup_type: 'Updates', source_page: '/' }),
        }),
        { ip: freshIp() },
      );
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('30');
      expect(await res.json()).toEqual({ error: SIGNUP_FAILURE });
    } finally {
      setDb(undefined);
    }
  });
});

describe("the admin functions on Neon's driver (HTTP queries; the database migrated over WebSocket)", () => {
  adminSuite(async () => {
    const temp = await createPgDatabase();
    const proxy = await startNeonWsProxy(POSTGRES);
    const http = await startNeonHttp(temp.url);
    const db = connect(neonUrl(temp.name));
    if (db.kind !== 'neon') throw new Error('a Neon URL must select the Neon driver');
    await migrate(db);
    setDb(db);
    // The suite's own access (seeding rows, ageing sessions) is a direct connection.
    const direct = connect(temp.url);
    return handlers(direct, "the admin functions on Neon's driver", async () => {
      await closeDb();
      await direct.close();
      await http.close();
      await proxy.close();
      await temp.drop();
    });
  });
});
