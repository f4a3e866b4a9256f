// Part 6: sign-up latency with the confirmation e-mail queued (SIGNUP_CONFIRMATION=double, the
// default) next to the spec's old single opt-in (`single`: stored confirmed with its consent
// event, no e-mail), through the
// `npm start` server, 50 connections for 10 s each, on both backends, in one run. Both servers
// deliver to a real SMTP server in this process (tests/support/smtp.ts), so the double rows pay
// for the sender running beside the requests; the request itself never waits on SMTP.
import { startServer } from '../../tests/support/server.ts';
import { createPgDatabase } from '../../tests/support/db.ts';
import { startSmtp } from '../../tests/support/smtp.ts';
import { load, type Load } from './functions.ts';

export interface SignupLatencyRow {
  backend: string;
  single: Load;
  double: Load;
  /** E-mails the SMTP server had received when the double run ended, and the sign-ups it answered 201. */
  delivered: number;
}

async function measure(backend: string, env: Record<string, string>): Promise<SignupLatencyRow> {
  const smtp = await startSmtp();
  const run = async (mode: 'single' | 'double') => {
    const s = await startServer({
      TRUST_PROXY: '1',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Rooted Threads <hello@example.org>',
      SIGNUP_CONFIRMATION: mode,
      SIGNUP_CONFIRMATION_MAIL_LIMIT: '1000000',
      ...env,
    });
    try {
      return await load(`POST /api/signups · ${backend} · ${mode}`, s.url + '/api/signups', 'signup', s.url);
    } finally {
      await s.stop();
    }
  };
  try {
    const single = await run('single');
    const double = await run('double');
    return { backend, single, double, delivered: smtp.received.length };
  } finally {
    await smtp.stop();
  }
}

export async function benchSignupLatency(): Promise<SignupLatencyRow[]> {
  const rows = [await measure('PGlite (embedded)', {})];
  const temp = await createPgDatabase();
  try {
    // A fresh database per mode would also be fair; one database for both keeps the table small
    // and the double run starts from the single run's rows (a larger table, not a smaller one).
    rows.push(await measure('PostgreSQL 15 (TCP)', { DATABASE_URL: temp.url }));
  } finally {
    await temp.drop();
  }
  return rows;
}

export function signupLatencyTable(rows: SignupLatencyRow[]): string {
  const head =
    '| backend | mode | req/s | p50 ms | p99 ms | non-2xx | p50 ÷ single | req/s ÷ single |\n| --- | --- | --- | --- | --- | --- | --- | --- |';
  const lines = rows.flatMap((r) => [
    `| ${r.backend} | single (stored confirmed, consent recorded, no e-mail) | ${r.single.rps.toFixed(0)} | ${+r.single.p50.toFixed(2)} | ${+r.single.p99.toFixed(2)} | ${r.single.non2xx} | 1.00 | 1.00 |`,
    `| ${r.backend} | double (pending + tokens + consent + outbox, in one transaction) | ${r.double.rps.toFixed(0)} | ${+r.double.p50.toFixed(2)} | ${+r.double.p99.toFixed(2)} | ${r.double.non2xx} | ${(r.double.p50 / r.single.p50).toFixed(2)} | ${(r.double.rps / r.single.rps).toFixed(2)} |`,
  ]);
  const notes = rows.map(
    (r) =>
      `- ${r.backend}: ${r.delivered} confirmation e-mails had reached the SMTP server when the double run's server stopped.`,
  );
  return [head, ...lines, '', ...notes].join('\n');
}
