// The driver contract and the migrations on all three drivers: the same behaviour from PGlite, `pg`
// and Neon's serverless driver (HTTP queries, WebSocket transactions, on local stand-ins), errors that
// keep Postgres' code, transactions, bigint/timestamptz/jsonb round trips, the migration runner
// (idempotent, locked, all-or-nothing, checksum-guarded, as a command), and the rate-limit table's
// privacy. The behavioural suites run in full on the handlers × PostgreSQL and on the `npm start`
// server × PGlite; what differs between drivers is tested here (and the outbox claim by the mail
// suite on each driver).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { connect, errorCode, type Db } from '../../server/db/client.ts';
import { migrate, readMigrations, type Migration } from '../../server/db/migrate.ts';
import { pgliteDb } from '../../server/db/pglite.ts';
import { clientHash, clientKey, hit, purgeExpired, RETENTION_SECONDS } from '../../server/rate-limit.ts';
import { createPgDatabase, removeDir, tempDataDir, type TempDatabase } from '../support/db.ts';
import { neonDriverOn } from './targets.ts';

const backends: [string, () => Promise<{ db: Db; url?: string; dataDir?: string; cleanup: () => Promise<void> }>][] = [
  [
    'PGlite',
    async () => {
      const dataDir = tempDataDir();
      const db = await pgliteDb(join(dataDir, 'pglite'));
      return {
        db,
        dataDir,
        cleanup: async () => {
          await db.close();
          removeDir(dataDir);
        },
      };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const temp: TempDatabase = await createPgDatabase();
      const db = connect(temp.url);
      return {
        db,
        url: temp.url,
        cleanup: async () => {
          await db.close();
          await temp.drop();
        },
      };
    },
  ],
  [
    "Neon's serverless driver",
    async () => {
      const { db, cleanup } = await neonDriverOn(await createPgDatabase());
      return { db, cleanup };
    },
  ],
];

describe.each(backends)('database on %s', (name, open) => {
  let db: Db;
  let url: string | undefined;
  let dataDir: string | undefined;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ db, url, dataDir, cleanup } = await open());
  }, 60_000);
  afterAll(() => cleanup?.());

  it('applies the migrations once, in order, and records them with a checksum', async () => {
    const files = readMigrations();
    expect(files[0]?.name).toBe('forms');
    expect(await migrate(db)).toEqual(files.map((m) => `${String(m.version).padStart(3, '0')}_${m.name}`));
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ version: number; checksum: string }>(
      'SELECT version, checksum FROM schema_migrations ORDER BY version',
    );
    expect(rows).toEqual(files.map((m) => ({ version: m.version, checksum: m.checksum })));
  });

  it('refuses to run when an applied migration has changed', async () => {
    const changed: Migration[] = readMigrations().map((m, i) => (i === 0 ? { ...m, checksum: 'edited' } : m));
    await expect(migrate(db, changed)).rejects.toThrow(/changed after it was applied/);
  });

  it('rolls back every pending migration when one fails', async () => {
    const pending: Migration[] = [
      ...readMigrations(),
      { version: 900, name: 'ok', sql: 'CREATE TABLE migration_probe (x int);', checksum: 'a' },
      { version: 901, name: 'broken', sql: 'CREATE TABLE nope (;', checksum: 'b' },
    ];
    await expect(migrate(db, pending)).rejects.toThrow();
    const probe = await db.query("SELECT to_regclass('migration_probe') AS t");
    expect(probe.rows[0]).toEqual({ t: null });
    const versions = await db.query<{ v: number }>('SELECT max(version) AS v FROM schema_migrations');
    expect(versions.rows[0]?.v).toBeLessThan(900);
  });

  it('keeps the Postgres error code: a case-insensitive duplicate is 23505, an over-long e-mail 23514', async () => {
    const insert = (email: string) =>
      db.query("INSERT INTO email_signups (email, signup_type, source_page) VALUES ($1, 'Updates', '/')", [email]);
    await insert('Case@Example.com');
    const dupe = await insert('case@example.COM').catch((err: unknown) => err);
    expect(errorCode(dupe)).toBe('23505');
    const long = await insert(`${'a'.repeat(250)}@b.co`).catch((err: unknown) => err);
    expect(errorCode(long)).toBe('23514');
    const type = await db
      .query("INSERT INTO email_signups (email, signup_type, source_page) VALUES ('t@b.co', 'Weekly', '/')")
      .catch((e: unknown) => e);
    expect(errorCode(type)).toBe('23514');
  });

  it('commits a transaction, and rolls it back when the callback throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query(
        "INSERT INTO contact_submissions (name, email, message, source_page) VALUES ('T', 't@b.co', 'kept', '/')",
      );
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(
          "INSERT INTO contact_submissions (name, email, message, source_page) VALUES ('T', 't@b.co', 'gone', '/')",
        );
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await db.query<{ message: string }>(
      "SELECT message FROM contact_submissions WHERE email = 't@b.co'",
    );
    expect(rows.map((r) => r.message)).toEqual(['kept']);
  });

  it('serialises concurrent transactions (no statements interleaved across them)', async () => {
    await db.query('CREATE TABLE IF NOT EXISTS tx_probe (n int)');
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db
          .transaction(async (tx) => {
            await tx.query('INSERT INTO tx_probe VALUES ($1)', [i]);
            if (i % 2) throw new Error('roll back the odd ones');
          })
          .catch(() => undefined),
      ),
    );
    const { rows } = await db.query<{ n: number }>('SELECT n FROM tx_probe ORDER BY n');
    expect(rows.map((r) => r.n)).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
  });

  it('returns bigint ids as strings and timestamps as Dates on every backend', async () => {
    const { rows } = await db.query<{ id: unknown; submitted_at: unknown }>(
      'SELECT id, submitted_at FROM email_signups LIMIT 1',
    );
    expect(typeof rows[0]?.id).toBe('string');
    expect(rows[0]?.submitted_at).toBeInstanceOf(Date);
  });

  it('round-trips jsonb, timestamptz (any offset) and text arrays as the same values', async () => {
    const headers = { 'List-Unsubscribe': '<https://example.org/u?t=1>', Nested: { a: [1, 'two', null] } };
    const { rows } = await db.query<{ j: unknown; t: Date; a: string[]; n: string }>(
      'SELECT $1::jsonb AS j, $2::timestamptz AS t, $3::text[] AS a, $4::bigint AS n',
      [JSON.stringify(headers), '2026-03-08T02:30:00-06:00', ['a', 'b,c', 'd"e'], '9007199254740993'],
    );
    expect(rows[0]!.j).toEqual(headers);
    expect(rows[0]!.t).toBeInstanceOf(Date);
    expect(rows[0]!.t.toISOString()).toBe('2026-03-08T08:30:00.000Z');
    expect(rows[0]!.a).toEqual(['a', 'b,c', 'd"e']);
    expect(rows[0]!.n).toBe('9007199254740993');
    // A transaction's statements see each other's rows and return the same types.
    const inTx = await db.transaction(async (tx) => {
      await tx.query('CREATE TEMP TABLE IF NOT EXISTS rt_probe (h jsonb, at timestamptz) ON COMMIT DROP');
      await tx.query('INSERT INTO rt_probe VALUES ($1::jsonb, $2::timestamptz)', [JSON.stringify(headers), rows[0]!.t]);
      return (await tx.query<{ h: unknown; at: Date }>('SELECT h, at FROM rt_probe')).rows[0]!;
    });
    expect(inTx.h).toEqual(headers);
    expect(inTx.at.toISOString()).toBe('2026-03-08T08:30:00.000Z');
  });

  it('keeps only a keyed hash of the client address, and purges expired rows', async () => {
    await hit(db, { bucket: 'signups', max: 10, windowSeconds: 600 }, '203.0.113.7');
    const hash = await clientHash(db, '203.0.113.7');
    expect(hash).not.toContain('203');
    expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await db.query<{ client_hash: string }>('SELECT client_hash FROM rate_limit_hits');
    expect(rows.map((r) => r.client_hash)).toContain(hash);
    expect(JSON.stringify(rows)).not.toContain('203.0.113.7');

    await db.query(
      "INSERT INTO rate_limit_hits (bucket, client_hash, window_start) VALUES ('signups', 'old', now() - make_interval(secs => $1 + 60))",
      [RETENTION_SECONDS],
    );
    expect(await purgeExpired(db)).toBe(1);
    const left = await db.query<{ client_hash: string }>('SELECT client_hash FROM rate_limit_hits');
    expect(left.rows.map((r) => r.client_hash)).toContain(hash);
    expect(left.rows.map((r) => r.client_hash)).not.toContain('old');
  });

  // The command reaches PostgreSQL and PGlite directly; Neon's stand-ins live in this process only.
  it.skipIf(name.startsWith('Neon'))(
    'the migrate command reports an up-to-date database, and never opens a PGlite directory another process holds',
    () => {
      const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir };
      if (!url) delete env.DATABASE_URL;
      // The PGlite directory is held by this test process: the command must refuse to open it too.
      const run = () => spawnSync(process.execPath, ['server/db/migrate.ts'], { env, encoding: 'utf8' });
      const result = run();
      if (dataDir) {
        expect(result.status).toBe(1);
        expect(result.stderr).toMatch(/in use by process \d+/);
      } else {
        expect(result.status, result.stderr).toBe(0);
        expect(result.stdout).toContain('database is up to date');
      }
    },
  );
});

describe('migrations on PostgreSQL from two clients at once', () => {
  it('apply exactly once (advisory lock)', async () => {
    const temp = await createPgDatabase();
    const a = connect(temp.url);
    const b = connect(temp.url);
    try {
      const [x, y] = await Promise.all([migrate(a), migrate(b)]);
      expect([...x, ...y].sort()).toEqual(
        readMigrations().map((m) => `${String(m.version).padStart(3, '0')}_${m.name}`),
      );
    } finally {
      await a.close();
      await b.close();
      await temp.drop();
    }
  });

  it('`npm run db:migrate` applies them to a fresh database', async () => {
    const temp = await createPgDatabase();
    try {
      const result = spawnSync('npm', ['run', '--silent', 'db:migrate'], {
        env: { ...process.env, DATABASE_URL: temp.url },
        encoding: 'utf8',
      });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/applied: 001_forms/);
    } finally {
      await temp.drop();
    }
  });
});

describe('`npm run db:migrate` in a Netlify build', () => {
  it('fails without DATABASE_URL, naming the scopes it needs, and opens no embedded database', () => {
    const dataDir = tempDataDir();
    try {
      for (const netlify of [{ NETLIFY: 'true', CONTEXT: 'production' }, { CONTEXT: 'deploy-preview' }]) {
        const env: NodeJS.ProcessEnv = { ...process.env, ...netlify, DATA_DIR: dataDir };
        delete env.DATABASE_URL;
        if (!('NETLIFY' in netlify)) delete env.NETLIFY;
        const result = spawnSync('npm', ['run', '--silent', 'db:migrate'], { env, encoding: 'utf8' });
        expect(result.status, result.stdout).toBe(1);
        expect(result.stderr).toContain('DATABASE_URL is not set in this Netlify build');
        expect(result.stderr).toContain(`deploy context ${netlify.CONTEXT}`);
        expect(result.stderr).toMatch(/scopes Builds .* and Functions/);
        expect(result.stdout).not.toMatch(/applied/);
        expect(existsSync(join(dataDir, 'pglite')), 'no embedded database was created').toBe(false);
      }
    } finally {
      removeDir(dataDir);
    }
  });

  it('migrates DATABASE_URL there as anywhere', async () => {
    const temp = await createPgDatabase();
    try {
      const result = spawnSync('npm', ['run', '--silent', 'db:migrate'], {
        env: { ...process.env, NETLIFY: 'true', CONTEXT: 'production', DATABASE_URL: temp.url },
        encoding: 'utf8',
      });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/applied: 001_forms/);
    } finally {
      await temp.drop();
    }
  });
});

describe('client keys', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::9', '2001:db8:1:2::/64'],
    ['[2001:db8::1]', '2001:db8:0:0::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s → %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });
});
