// Load: 50 concurrent clients for 8 s (20 s at full intensity) of mixed sign-ups and contact messages (JSON and plain form
// posts, a tenth of the sign-ups deliberate duplicates in another case) against the `npm start`
// server on a fresh PostgreSQL database. No 5xx and no lost answer; every acknowledged submission
// stored exactly once, as sent, and nothing else. Each request comes from its own address
// (TRUST_PROXY=1, X-Forwarded-For), so the per-client limit does not shape the run; one more
// client hammers from a single address meanwhile and must be limited (429 with Retry-After) —
// although it makes up a new first X-Forwarded-For hop each time: the server counts the last hop,
// the one its own proxy adds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Db } from '../../server/db/client.ts';
import { formRateLimit } from '../../server/settings.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { createMigratedPgDatabase, type TempDatabase } from '../support/db.ts';
import { readTables } from '../functions/targets.ts';
import { freshIp } from '../functions/form-suite.ts';
import { intensity } from './intensity.ts';
import { checkTables, countBy, describeCheck, mix, runLoad, summary, verdict } from './load-driver.ts';

const SEED = Number(process.env.RELIABILITY_SEED || 20261108);
const CLIENTS = 50;
const DURATION_MS = intensity(8_000, 20_000);
const HAMMER_IP = '192.0.2.77';
/** The hammering client's limit, set for this run so it is reached well within the load's time. */
const SIGNUP_RATE_LIMIT = '10/600';
const HAMMER_MAX = formRateLimit('signups', { SIGNUP_RATE_LIMIT })!.max;

let temp: TempDatabase;
let server: RunningServer;
let db: Db;

beforeAll(async () => {
  temp = await createMigratedPgDatabase();
  server = await startServer({ TRUST_PROXY: '1', DATABASE_URL: temp.url, SIGNUP_RATE_LIMIT });
  db = connect(temp.url);
});

afterAll(async () => {
  await server?.stop();
  await db?.close();
  await temp?.drop();
});

describe(`load on PostgreSQL: ${CLIENTS} concurrent clients for ${DURATION_MS / 1000} s (seed ${SEED})`, () => {
  it('answers every request without a 5xx and stores every acknowledged submission exactly once', async () => {
    console.log(`load: seed ${SEED} (RELIABILITY_SEED=${SEED} replays this mix)`);
    const [load, hammer] = await Promise.all([
      runLoad({
        base: server.url,
        clients: CLIENTS,
        durationMs: DURATION_MS,
        maxRequests: 40_000,
        next: mix({ seed: SEED }),
      }),
      // One client from one address, sign-ups back to back: over the limit after 10. It stops by
      // count, not by the clock, so a slow machine cannot leave it under the limit: at most two
      // windows' allowance, then five more (each refused).
      runLoad({
        base: server.url,
        clients: 1,
        durationMs: DURATION_MS * 10,
        maxRequests: 2 * HAMMER_MAX + 5,
        next: mix({ seed: SEED + 1, contactShare: 0, duplicateShare: 0, formShare: 0 }),
        ip: () => `${freshIp()}, ${HAMMER_IP}`,
      }),
    ]);
    console.log(`load: ${summary(load)}`);
    console.log(`load: single client ${HAMMER_IP}: ${JSON.stringify(countBy(hammer.attempts, (a) => a.status))}`);

    // No 5xx, no request without an answer, nothing refused: only stored or duplicate.
    const verdicts = countBy(load.attempts, verdict);
    expect(
      Object.keys(verdicts).filter((v) => v !== 'acknowledged' && v !== 'duplicate'),
      JSON.stringify(verdicts),
    ).toEqual([]);
    expect(load.attempts.filter((a) => a.status >= 500)).toEqual([]);
    expect(load.attempts.length).toBeGreaterThan(500);

    // The hammering client got its 10 (20 if the run crossed a window edge), then 429 with Retry-After.
    const limited = hammer.attempts.filter((a) => a.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited.every((a) => Number(a.retryAfter) > 0)).toBe(true);
    const hammerOk = hammer.attempts.filter((a) => a.status === 201).length;
    expect(hammerOk).toBeGreaterThanOrEqual(1);
    expect(hammerOk).toBeLessThanOrEqual(2 * HAMMER_MAX);
    expect(hammer.attempts.every((a) => a.status === 201 || a.status === 429)).toBe(true);

    const tables = await readTables(db);
    const check = checkTables(tables, [...load.attempts, ...hammer.attempts]);
    console.log(
      `load: ${describeCheck(check)}; ${tables.signups.length} sign-ups, ${tables.contacts.length} messages; ` +
        `${verdicts.duplicate ?? 0} duplicates answered 409`,
    );
    expect(check.problems).toEqual([]);
    expect(check.storedUnacknowledged).toBe(0);
    expect(check.rows).toBe(check.acknowledged);
  }, 90_000);
});
