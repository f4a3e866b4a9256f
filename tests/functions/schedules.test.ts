// Scheduled work is written once (a netlify/functions module with config.schedule) and `npm start`
// runs those same functions on that same schedule (server/runtime/schedules.ts): the list it reads
// is the modules' own configs; each runs once at start with its real handler on a real database;
// its next run follows its schedule in UTC, as Netlify's does; the two a long-lived server does
// another way are not run.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client.ts';
import { closeDb } from '../../server/db/client.ts';
import { openDb } from '../../server/db/open.ts';
import { migrate } from '../../server/db/migrate.ts';
import { loadScheduledFunctions, type ScheduledFunction } from '../../server/runtime/functions.ts';
import { startSchedules } from '../../server/runtime/schedules.ts';
import { removeDir, tempDataDir } from '../support/db.ts';

const DIR = 'netlify/functions';
const SITE = 'http://127.0.0.1:8888';

describe('scheduled functions under npm start', () => {
  let db: Db;
  let dataDir: string;
  let scheduled: ScheduledFunction[];

  beforeAll(async () => {
    dataDir = tempDataDir();
    db = await openDb({ DATA_DIR: dataDir });
    await migrate(db);
    scheduled = await loadScheduledFunctions(DIR);
  }, 60_000);
  afterAll(async () => {
    await closeDb();
    removeDir(dataDir);
  });

  it("are every function module with a config.schedule, with that module's own schedule", async () => {
    const expected: Record<string, string> = {};
    for (const file of readdirSync(DIR)) {
      const mod = (await import(pathToFileURL(resolve(DIR, file)).href)) as { config?: { schedule?: string } };
      if (mod.config?.schedule) expected[file.replace(/\.ts$/, '')] = mod.config.schedule;
    }
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(5);
    expect(Object.fromEntries(scheduled.map((fn) => [fn.name, fn.schedule]))).toEqual(expected);
  });

  it('run once at start with their real handlers, then on their schedule in UTC; the in-process ones never', async () => {
    // An hour-old rate-limit row: purge-rate-limits deletes it when it runs.
    await db.query(
      `INSERT INTO rate_limit_hits (bucket, client_hash, window_start, hits)
       VALUES ('signups', 'schedules-test', now() - interval '3 hours', 1)`,
    );
    const logs: string[] = [];
    const warnings: string[] = [];
    const original = console.log;
    console.log = (...args: unknown[]) => logs.push(args.join(' '));
    const schedules = startSchedules(scheduled, {
      siteUrl: SITE,
      doneInProcess: { 'mail-drain': 'the in-process sender', 'publish-scheduled': 'the rebuild' },
      log: (message) => logs.push(message),
      warn: (message) => warnings.push(message),
    });
    try {
      await expect
        .poll(async () => (await db.query(`SELECT 1 FROM rate_limit_hits WHERE client_hash = 'schedules-test'`)).rows)
        .toEqual([]);
      await expect.poll(() => logs.filter((line) => line.startsWith('subscriptions: purged')).length).toBe(1);
      await expect.poll(() => logs.filter((line) => /^purged \d+ old messages/.test(line)).length).toBe(1);
      await expect.poll(() => logs.filter((line) => line.startsWith('readership: rolled up')).length).toBe(1);
      expect(warnings).toEqual([]);
      expect(logs).toContain('  mail-drain (* * * * * on Netlify): the in-process sender');
      expect(logs).toContain('  publish-scheduled (@hourly on Netlify): the rebuild');

      const next = schedules.next();
      expect(Object.keys(next).sort()).toEqual([
        'purge-old-data',
        'purge-rate-limits',
        'purge-subscriptions',
        'readership-rollup',
        'readership-weekly',
      ]);
      const now = Date.now();
      const hour = new Date(Math.floor(now / 3_600_000) * 3_600_000 + 3_600_000);
      const midnight = new Date(Math.floor(now / 86_400_000) * 86_400_000 + 86_400_000);
      expect(next['purge-rate-limits']).toEqual(hour);
      expect(next['purge-subscriptions']).toEqual(midnight);
      expect(next['purge-old-data']).toEqual(midnight);
      // Readership (issue 37): the rollup hourly, the owner's e-mail on Mondays at 07:00 UTC.
      expect(next['readership-rollup']).toEqual(hour);
      const monday = new Date(Math.floor(now / 86_400_000) * 86_400_000 + 7 * 3_600_000);
      while (monday.getUTCDay() !== 1 || monday.getTime() <= now) monday.setUTCDate(monday.getUTCDate() + 1);
      expect(next['readership-weekly']).toEqual(monday);
    } finally {
      schedules.stop();
      console.log = original;
    }
  });
});
