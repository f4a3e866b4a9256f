// Applies server/db/migrations/NNN_name.sql in order, once each, recording them in
// schema_migrations with a checksum. All pending files run in ONE transaction under an advisory
// lock: two servers starting together cannot both apply a file, and a failing file leaves the
// schema as it was. An applied file that has since changed is an error: write a new migration.
//
//   npm run db:migrate        against DATABASE_URL (the production deploy step), or the embedded
//                             database under DATA_DIR when no server is running on it; in a
//                             Netlify build, DATABASE_URL or a failure (server/settings.ts).
// `npm start` runs the same function before it listens.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './types.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
const FILE = /^(\d{3})_([a-z0-9_]+)\.sql$/;
// Any fixed number, shared by every process that migrates this database.
const LOCK_KEY = 7_401_221_318;

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .map((file) => {
      const m = FILE.exec(file);
      if (!m) throw new Error(`${file}: migration files are named NNN_lower_snake.sql`);
      const sql = readFileSync(join(dir, file), 'utf8');
      return { version: Number(m[1]), name: m[2]!, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((m, i) => {
    if (i > 0 && m.version === migrations[i - 1]!.version) throw new Error(`two migrations numbered ${m.version}`);
  });
  return migrations;
}

/** Applies what is pending; returns the names applied (empty when up to date). */
export async function migrate(db: Db, migrations = readMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<{ version: number; checksum: string }>(
      'SELECT version, checksum FROM schema_migrations',
    );
    const applied = new Map(rows.map((r) => [r.version, r.checksum]));
    const done: string[] = [];
    for (const m of migrations) {
      const checksum = applied.get(m.version);
      if (checksum !== undefined) {
        if (checksum !== m.checksum) {
          throw new Error(`migration ${m.version}_${m.name} changed after it was applied; add a new migration instead`);
        }
        continue;
      }
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        m.version,
        m.name,
        m.checksum,
      ]);
      done.push(`${String(m.version).padStart(3, '0')}_${m.name}`);
    }
    return done;
  });
}

async function main(): Promise<void> {
  const { openDb } = await import('./open.ts');
  const { closeDb } = await import('./client.ts');
  const { migrationDatabaseUrl } = await import('../settings.ts');
  // Stops a Netlify build that has no DATABASE_URL before anything opens the embedded database.
  migrationDatabaseUrl();
  const db = await openDb();
  try {
    const done = await migrate(db);
    console.log(done.length ? `applied: ${done.join(', ')}` : 'database is up to date');
  } finally {
    await closeDb();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err: unknown) => {
    console.error('migration failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
