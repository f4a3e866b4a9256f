// Crash: the `npm start` server is killed with SIGKILL in the middle of a 50-client load, three
// times in a row, on the embedded PGlite (the default) and on PostgreSQL, and restarted each time on
// the same data directory / database. Each start must be clean: it opens the database (for PGlite,
// taking over the dead process's lock), answers /api/health and accepts a new write. At the end:
//   - every acknowledged submission is stored exactly once, as sent; what is stored beyond that
//     comes only from requests whose answer the kill cut off, and exactly as they were sent;
//   - Postgres' own checker (amcheck) finds every index and table intact.
// tests/functions/restart.test.ts covers the single clean restart and single kill of 100 sign-ups;
// this is the repeated version under concurrent mixed load, on both backends.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { connect } from '../../server/db/client.ts';
import { pgliteDb } from '../../server/db/pglite.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { createPgDatabase, removeDir, tempDataDir } from '../support/db.ts';
import { readTables } from '../functions/targets.ts';
import { freshIp, tag, type Tables } from '../functions/form-suite.ts';
import {
  checkTables,
  countBy,
  describeCheck,
  expectedRow,
  mix,
  runLoad,
  seeded,
  send,
  verdict,
  type Attempt,
} from './load-driver.ts';
import { integrityProblems, pgliteIntegrity } from './integrity.ts';
import { intensity } from './intensity.ts';

const SEED = Number(process.env.RELIABILITY_SEED || 20261108);
const ROUNDS = intensity(2, 3);
const CLIENTS = 50;

interface Backend {
  env: Record<string, string>;
  tables: () => Promise<Tables>;
  integrity: () => Promise<string[]>;
  cleanup: () => Promise<void>;
}

async function pglite(): Promise<Backend> {
  const dataDir = tempDataDir();
  const dir = join(dataDir, 'pglite');
  return {
    env: { TRUST_PROXY: '1', DATA_DIR: dataDir },
    tables: async () => {
      const db = await pgliteDb(dir);
      try {
        return await readTables(db);
      } finally {
        await db.close();
      }
    },
    integrity: () => pgliteIntegrity(dir),
    cleanup: async () => removeDir(dataDir),
  };
}

async function postgres(): Promise<Backend> {
  const temp = await createPgDatabase();
  const db = connect(temp.url);
  // The server keeps only its local admin key there; one directory for every restart.
  const dataDir = tempDataDir();
  return {
    env: { TRUST_PROXY: '1', DATABASE_URL: temp.url, DATA_DIR: dataDir },
    tables: () => readTables(db),
    integrity: () => integrityProblems(db),
    cleanup: async () => {
      await db.close();
      await temp.drop();
      removeDir(dataDir);
    },
  };
}

/** A clean start: the health check passes and a new sign-up is stored. */
async function expectCleanStart(server: RunningServer): Promise<Attempt> {
  const health = await fetch(server.url + '/api/health');
  expect(health.status, server.output()).toBe(200);
  expect(await health.json()).toEqual({ ok: true });
  const probe = await send(
    server.url,
    {
      kind: 'signup',
      encoding: 'json',
      fields: { email: `after-restart-${tag()}@example.com`, signup_type: 'Newsletter', source_page: '/' },
    },
    freshIp(),
    performance.now(),
  );
  expect(probe.status, server.output()).toBe(201);
  // Nothing went wrong on the way up (opening, migrating, taking over a dead process's lock).
  // ("0 failed" is a count in the start-up purge's line, not a failure.)
  expect(server.output()).not.toMatch(/(?<!\d )failed|Cannot open|in use by process|corrupt|PANIC/i);
  return probe;
}

let running: RunningServer | undefined;

describe.each([
  ['the embedded PGlite (the default)', pglite],
  ['PostgreSQL', postgres],
])(`crash: kill -9 mid-load, ${ROUNDS} times, on %s (seed ${SEED})`, (label, makeBackend) => {
  it('restarts clean each time and keeps every acknowledged submission exactly once', async () => {
    const backend = await makeBackend();
    const next = mix({ seed: SEED });
    const random = seeded(SEED);
    const attempts: Attempt[] = [];
    try {
      for (let round = 1; round <= ROUNDS; round++) {
        const t0 = performance.now();
        const server = (running = await startServer(backend.env));
        const startedIn = performance.now() - t0;
        attempts.push(await expectCleanStart(server));

        // Kill after a random number of acknowledgements, while 50 clients have requests in flight.
        const killAfter = 100 + Math.floor(random() * 300);
        const controller = new AbortController();
        let acknowledged = 0;
        let killedAt: number | undefined;
        const load = await runLoad({
          base: server.url,
          clients: CLIENTS,
          durationMs: 30_000,
          maxRequests: 20_000,
          next,
          signal: controller.signal,
          onAnswer: (a) => {
            if (verdict(a) === 'acknowledged' && ++acknowledged === killAfter) {
              killedAt = a.end;
              server.process.kill('SIGKILL');
              controller.abort();
            }
          },
        });
        await server.stop('SIGKILL', { keepData: true });
        running = undefined;
        attempts.push(...load.attempts);

        expect(killedAt, 'the server was killed mid-load').toBeDefined();
        expect(server.process.signalCode).toBe('SIGKILL');
        const cutOff = load.attempts.filter((a) => verdict(a) === 'no answer');
        console.log(
          `crash (${label}) round ${round}: started in ${(startedIn / 1000).toFixed(1)} s; killed after ` +
            `${acknowledged} acknowledged of ${load.attempts.length} answered-or-cut requests, ${cutOff.length} cut off in flight; ` +
            `answers ${JSON.stringify(countBy(load.attempts, (a) => a.status || 'none'))}`,
        );
        // Before the kill nothing failed: every answer is stored, duplicate, or none at all (cut off).
        expect(load.attempts.filter((a) => !['acknowledged', 'duplicate', 'no answer'].includes(verdict(a)))).toEqual(
          [],
        );
        expect(cutOff.every((a) => a.end >= killedAt! - 1)).toBe(true);
      }

      // A last clean start; earlier acknowledged addresses are known to the unique index (409).
      const server = (running = await startServer(backend.env));
      attempts.push(await expectCleanStart(server));
      const earlier = attempts.filter((a) => a.kind === 'signup' && verdict(a) === 'acknowledged').slice(-20);
      for (const a of earlier) {
        const again = await send(
          server.url,
          { kind: a.kind, encoding: a.encoding, fields: a.fields },
          freshIp(),
          performance.now(),
        );
        expect(verdict(again), JSON.stringify(expectedRow(a))).toBe('duplicate');
      }
      await server.stop('SIGTERM', { keepData: true });
      running = undefined;
      expect(server.process.exitCode).toBe(0);

      const check = checkTables(await backend.tables(), attempts, ['no answer']);
      console.log(`crash (${label}): ${describeCheck(check)}`);
      expect(check.problems).toEqual([]);
      const problems = await backend.integrity();
      console.log(
        `crash (${label}): amcheck of every index and table: ${problems.length ? problems.join('; ') : 'intact'}`,
      );
      expect(problems).toEqual([]);
    } finally {
      // A failed assertion must not leave this backend's server running into the next test.
      await running?.stop('SIGKILL', { keepData: true });
      running = undefined;
      await backend.cleanup();
    }
  }, 240_000);
});
