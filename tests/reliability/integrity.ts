// Is a database intact after a crash? Postgres' own checker, amcheck: every B-tree index against
// its table (bt_index_check with heapallindexed: each row is in each index, the index is ordered)
// and every table's pages and tuples (verify_heapam). Runs on PGlite (its amcheck extension) and on
// PostgreSQL (contrib) alike. An empty list means no corruption was found.
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import type { Queryable } from '../../server/db/client.ts';

/** Every table of ours (migrations 001 and 002, and the migrations' own). */
export const TABLES = [
  'email_signups',
  'contact_submissions',
  'rate_limit_hits',
  'server_secrets',
  'admin_sessions',
  'schema_migrations',
] as const;

export async function integrityProblems(db: Queryable): Promise<string[]> {
  await db.query('CREATE EXTENSION IF NOT EXISTS amcheck');
  const problems: string[] = [];
  const { rows: indexes } = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_index i
       JOIN pg_class c ON c.oid = i.indexrelid
       JOIN pg_am am ON am.oid = c.relam
       JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE am.amname = 'btree' AND n.nspname = 'public'
     ORDER BY 1`,
  );
  if (indexes.length < TABLES.length) problems.push(`only ${indexes.length} B-tree indexes found`);
  for (const { name } of indexes) {
    try {
      await db.query('SELECT bt_index_check(index => $1::regclass, heapallindexed => true)', [name]);
    } catch (err) {
      problems.push(`index ${name}: ${(err as Error).message}`);
    }
  }
  for (const table of TABLES) {
    const { rows } = await db.query<{ blkno: number; msg: string }>(
      'SELECT blkno, msg FROM verify_heapam($1::regclass)',
      [table],
    );
    for (const r of rows) problems.push(`table ${table}, block ${r.blkno}: ${r.msg}`);
  }
  return problems;
}

/** Opens a stopped server's PGlite directory with amcheck loaded and checks it. */
export async function pgliteIntegrity(dataDir: string): Promise<string[]> {
  const pg = await PGlite.create(dataDir, { extensions: { amcheck } });
  try {
    return await integrityProblems(pg);
  } finally {
    await pg.close();
  }
}
