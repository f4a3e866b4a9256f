// Durability of the embedded database: every row the `npm start` server acknowledged (201) is
// still there after a clean restart (SIGTERM) and after a crash (SIGKILL) in the middle of work,
// and the data directory cannot be opened by a second process while the server holds it.
import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { pgliteDb } from '../../server/db/pglite.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { removeDir, tempDataDir } from '../support/db.ts';
import { freshIp, tag } from './form-suite.ts';
import { readTables } from './targets.ts';

const dataDir = tempDataDir();
let server: RunningServer | undefined;

const start = async () => (server = await startServer({ DATA_DIR: dataDir, TRUST_PROXY: '1' }));

function post(path: string, body: object): Promise<Response> {
  return fetch(server!.url + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server!.url, 'X-Forwarded-For': freshIp() },
    body: JSON.stringify(body),
  });
}
const signup = (email: string) => post('/api/signups', { email, signup_type: 'Newsletter', source_page: '/' });

afterAll(async () => {
  await server?.stop('SIGKILL');
  removeDir(dataDir);
}, 30_000);

describe('the npm start server on its embedded database', () => {
  const acknowledged: string[] = [];
  const messages: string[] = [];

  it('keeps every row across a clean restart', async () => {
    await start();
    for (let i = 0; i < 30; i++) {
      const email = `restart-${tag()}@example.com`;
      expect((await signup(email)).status).toBe(201);
      acknowledged.push(email);
    }
    for (let i = 0; i < 10; i++) {
      const message = `Kept message ${i}`;
      const res = await post('/api/contact', {
        name: 'Ada',
        email: 'ada@example.com',
        message,
        source_page: '/contact',
      });
      expect(res.status).toBe(201);
      messages.push(message);
    }
    await server!.stop('SIGTERM');
    expect(server!.process.exitCode).toBe(0);

    await start();
    const again = await Promise.all(acknowledged.map(signup));
    expect(again.map((r) => r.status)).toEqual(acknowledged.map(() => 409));
  }, 120_000);

  it('refuses to open the data directory from a second process while the server runs', async () => {
    const second = await startServer({ DATA_DIR: dataDir }).catch((err: unknown) => err);
    expect(String(second)).toMatch(/in use by process \d+/);
  }, 120_000);

  it('keeps every acknowledged row when the server is killed mid-work (SIGKILL)', async () => {
    const batch = Array.from({ length: 100 }, () => `crash-${tag()}@example.com`);
    // Kill the server while these are in flight: what was acknowledged must survive, the rest
    // may or may not have been stored (the client never heard back), but nothing is half-written.
    let answered = 0;
    let tenAnswered: () => void = () => undefined;
    const firstTen = new Promise<void>((resolve) => (tenAnswered = resolve));
    const inflight = batch.map((email) =>
      signup(email).then(
        (r) => {
          if (++answered === 10) tenAnswered();
          return { email, status: r.status };
        },
        () => ({ email, status: 0 }),
      ),
    );
    await firstTen;
    await server!.stop('SIGKILL');
    const results = await Promise.all(inflight);
    const ok = results.filter((r) => r.status === 201).map((r) => r.email);
    acknowledged.push(...ok);

    await start();
    const recheck = await Promise.all(ok.map(signup));
    expect(recheck.map((r) => r.status)).toEqual(ok.map(() => 409));
    await server!.stop('SIGTERM');

    // Finally read the directory itself: every acknowledged row, each exactly once.
    const db = await pgliteDb(join(dataDir, 'pglite'));
    try {
      const tables = await readTables(db);
      const emails = tables.signups.map((s) => s.email);
      for (const email of acknowledged) expect(emails.filter((e) => e === email)).toHaveLength(1);
      expect(tables.contacts.map((c) => c.message).sort()).toEqual([...messages].sort());
      console.log(
        `crash test: ${ok.length} of ${batch.length} acknowledged before SIGKILL, all kept; ${emails.length} rows in total`,
      );
    } finally {
      await db.close();
    }
  }, 180_000);
});
