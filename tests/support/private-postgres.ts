// A PostgreSQL cluster of a test's own, for tests that stop and start the database server: the
// machine's shared server on 5432 serves other suites and must never be stopped. Trust auth on
// 127.0.0.1 and a socket in the cluster's own directory; removed by `destroy()` (and, as a last
// resort, when the test process exits). initdb refuses to run as root, so under root the cluster
// belongs to the `postgres` OS user and its commands run through `runuser`.
//   PG_BIN   the directory of initdb/pg_ctl (default: /usr/lib/postgresql/15/bin)
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server.ts';

const run = promisify(execFile);

export const PG_BIN = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';

export interface PrivatePostgres {
  port: number;
  /** The cluster's directory (data/, the socket and server.log). */
  dir: string;
  /** A connection string for `database` (default `postgres`) as the superuser `postgres`. */
  url: (database?: string) => string;
  start: () => Promise<void>;
  /** `fast` ends sessions cleanly; `immediate` is a crash (recovery from WAL at the next start). */
  stop: (mode: 'fast' | 'immediate') => Promise<void>;
  /** The server's log, for failure messages. */
  log: () => string;
  /** Stops the server if it runs and removes the cluster. */
  destroy: () => Promise<void>;
}

const isRoot = () => process.getuid?.() === 0;

function osUser(name: string): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error(`private PostgreSQL: running as root needs the '${name}' OS user (initdb refuses root).`);
  }
}

/** A PostgreSQL binary as the cluster's owner. */
function command(bin: string, args: string[]): [string, string[]] {
  const path = join(PG_BIN, bin);
  return isRoot() ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
}

async function pg(bin: string, args: string[], timeoutMs = 90_000): Promise<string> {
  const [file, argv] = command(bin, args);
  try {
    const { stdout, stderr } = await run(file, argv, { timeout: timeoutMs, encoding: 'utf8' });
    return stdout + stderr;
  } catch (err) {
    const e = err as Error & { stdout?: string; stderr?: string };
    throw new Error(
      `private PostgreSQL: ${bin} ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}`,
      {
        cause: err,
      },
    );
  }
}

/** Creates a cluster (initdb) on a free port and starts it. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const missing = ['initdb', 'pg_ctl', 'postgres'].filter((b) => !existsSync(join(PG_BIN, b)));
  if (missing.length) {
    throw new Error(
      `private PostgreSQL: ${missing.join(', ')} not found in ${PG_BIN}. Install the PostgreSQL 15 server ` +
        `(Debian: apt-get install postgresql-15) or set PG_BIN to the directory holding initdb and pg_ctl.`,
    );
  }
  if (isRoot() && !existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser') && !existsSync('/usr/bin/runuser')) {
    throw new Error('private PostgreSQL: running as root needs runuser (util-linux) to run initdb as postgres.');
  }

  const dir = mkdtempSync(join(tmpdir(), 'rt-pg-'));
  if (isRoot()) {
    const { uid, gid } = osUser('postgres');
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  const port = await freePort();
  let running = false;

  const stopNow = () => {
    if (!running) return;
    try {
      const [file, argv] = command('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      execFileSync(file, argv, { stdio: 'ignore', timeout: 30_000 });
    } catch {
      /* already stopped */
    }
    running = false;
  };
  // If the test process ends without destroy() (a crash, an interrupted run), leave no server behind.
  const onExit = () => {
    stopNow();
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  const cluster: PrivatePostgres = {
    port,
    dir,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: async () => {
      await pg('pg_ctl', [
        '-D',
        data,
        '-l',
        logFile,
        '-w',
        '-t',
        '60',
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
        'start',
      ]);
      running = true;
    },
    stop: async (mode) => {
      await pg('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
      running = false;
    },
    log: () => {
      try {
        return readFileSync(logFile, 'utf8');
      } catch {
        return '';
      }
    },
    destroy: async () => {
      stopNow();
      process.removeListener('exit', onExit);
      rmSync(dir, { recursive: true, force: true });
    },
  };

  try {
    // --no-sync: the cluster lives for one test; durability across a crash of the *server process*
    // (what the tests do) does not depend on it, only a power cut would.
    await pg('initdb', [
      '-D',
      data,
      '--auth=trust',
      '--username=postgres',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    await cluster.start();
  } catch (err) {
    await cluster.destroy();
    throw err;
  }
  return cluster;
}
