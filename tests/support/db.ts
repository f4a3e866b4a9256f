// Real databases for tests: a fresh PostgreSQL database per run on the local server (CI starts
// one on 127.0.0.1:5432 with trust auth), and a fresh PGlite directory.
//
// Template databases: creating and migrating an embedded database costs 6–13 s on 2 cores, copying a
// migrated one under 1 s. migratedDataDir() and createMigratedPgDatabase() copy a template made once
// per set of migrations (PGlite: a data directory in the temp dir; PostgreSQL: CREATE DATABASE …
// TEMPLATE). Tests of the migrations themselves and of a first start use the empty ones
// (tempDataDir(), createPgDatabase()).
import pg from 'pg';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, readMigrations } from '../../server/db/migrate.ts';
import { pgliteDb } from '../../server/db/pglite.ts';
import { pgDb } from '../../server/db/postgres.ts';

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

/** Names the migration set (and the PGlite build) a template was made with: a change makes a new one. */
function templateKey(): string {
  const pglite = (
    JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')) as { version: string }
  ).version;
  const hash = createHash('sha256').update(pglite);
  for (const m of readMigrations()) hash.update(`${m.version}:${m.checksum}\n`);
  return hash.digest('hex').slice(0, 12);
}

let pgliteTemplate: Promise<string> | undefined;

/**
 * The migrated embedded template, made by the first test that needs it (built aside, then renamed
 * into place, so a test never copies a half-made one; two made at once: the second is dropped).
 */
function embeddedTemplate(): Promise<string> {
  pgliteTemplate ??= (async () => {
    const final = join(tmpdir(), `rt-template-${templateKey()}`);
    if (existsSync(join(final, 'ready'))) return final;
    const building = mkdtempSync(join(tmpdir(), 'rt-template-building-'));
    const db = await pgliteDb(join(building, 'pglite'));
    await migrate(db);
    await db.close();
    rmSync(join(building, 'pglite.lock'), { force: true });
    writeFileSync(join(building, 'ready'), '');
    try {
      renameSync(building, final);
    } catch {
      rmSync(building, { recursive: true, force: true });
    }
    return final;
  })();
  return pgliteTemplate;
}

/** A data directory holding a migrated embedded database (a copy of the template). */
export async function migratedDataDir(): Promise<string> {
  const template = await embeddedTemplate();
  const dir = tempDataDir();
  cpSync(join(template, 'pglite'), join(dir, 'pglite'), { recursive: true });
  return dir;
}

let pgTemplate: Promise<string> | undefined;

/** Waits (up to 3 s) until no session is connected to a database: CREATE … TEMPLATE and RENAME need that. */
async function waitUntilUnused(c: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 30; i++) {
    const { rows } = await c.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if (rows[0]!.n === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

function urlOf(name: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The migrated PostgreSQL template, made once per migration set: built under another name, then
 * renamed into place, so a copy never starts from a half-migrated one (two made at once: the second
 * is dropped). The server keeps it for the next run.
 */
function postgresTemplate(): Promise<string> {
  pgTemplate ??= (async () => {
    const name = `rt_template_${templateKey()}`;
    const exists = (c: pg.Client) =>
      c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]).then((r) => r.rowCount === 1);
    if (await admin(exists)) return name;
    const building = `${name}_b${randomBytes(4).toString('hex')}`;
    await admin((c) => c.query(`CREATE DATABASE ${building}`));
    const db = pgDb(urlOf(building));
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
    await admin(async (c) => {
      await waitUntilUnused(c, building);
      if (await exists(c)) return c.query(`DROP DATABASE ${building} WITH (FORCE)`);
      return c.query(`ALTER DATABASE ${building} RENAME TO ${name}`).catch(async (err: unknown) => {
        if (!(await exists(c))) throw err;
        await c.query(`DROP DATABASE ${building} WITH (FORCE)`);
      });
    });
    return name;
  })();
  return pgTemplate;
}

/** A fresh PostgreSQL database holding the migrated schema (a copy of the template). */
export async function createMigratedPgDatabase(): Promise<TempDatabase> {
  const template = await postgresTemplate();
  const name = `rt_test_${randomBytes(6).toString('hex')}`;
  await admin(async (c) => {
    // Copying needs the template without sessions; another worker's copy never holds one for long.
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  });
  return { name, url: urlOf(name), drop: () => dropDatabase(name) };
}

/** Removes a test's data directory (an embedded database is ~40 MB). */
export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
