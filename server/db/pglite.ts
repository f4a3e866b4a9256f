// The embedded database: PGlite (Postgres in WebAssembly) in this process, on disk under the data
// directory. Used through its own API, never behind a socket: it is single-session, so several
// clients sharing it would share one transaction (docs/decisions.md, "Embedded database"). Only the long-lived server (and
// the migrate command when no server runs) opens it; two processes on one directory would corrupt
// it, so a lock file with the owner's pid guards the directory.
import { PGlite } from '@electric-sql/pglite';
import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { dirname } from 'node:path';
import { DbUnavailableError, type Db, type QueryResult } from './types.ts';

// int8 (bigint ids, counts) as strings, as `pg` and Neon give them, so rows look alike everywhere.
const INT8 = 20;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes `<dataDir>.lock`, or fails if a live process holds it. A dead owner's lock is taken over. */
function lock(dataDir: string): () => void {
  const path = `${dataDir}.lock`;
  mkdirSync(dirname(path), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(path, 'utf8'));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(`${dataDir} is in use by process ${owner}; stop it first (one process per PGlite directory).`, {
          cause: err,
        });
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}

export async function pgliteDb(dataDir: string): Promise<Db> {
  const unlock = lock(dataDir);
  let pg: PGlite;
  try {
    pg = await PGlite.create(dataDir, { parsers: { [INT8]: (v: string) => v } });
  } catch (err) {
    unlock();
    throw err;
  }
  const open = () => {
    if (pg.closed) throw new DbUnavailableError('the embedded database is closed');
  };
  return {
    kind: 'pglite',
    query: async <T>(text: string, params: readonly unknown[] = []) => {
      open();
      return (await pg.query<T>(text, [...params])) as QueryResult<T>;
    },
    transaction: async (fn) => {
      open();
      // PGlite's transaction() holds its single session for the callback, so concurrent requests
      // queue instead of interleaving statements inside each other's transaction.
      return pg.transaction((tx) =>
        fn({
          query: async <T>(text: string, params: readonly unknown[] = []) =>
            (await tx.query<T>(text, [...params])) as QueryResult<T>,
          exec: async (script) => {
            await tx.exec(script);
          },
        }),
      );
    },
    close: async () => {
      if (!pg.closed) await pg.close();
      unlock();
    },
  };
}
