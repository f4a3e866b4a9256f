// Mondays 07:00 UTC: last week's readership e-mailed to the owner through the outbox
// (server/readership/weekly.ts; off with READERSHIP_WEEKLY_REPORT=off). `npm start` runs this same
// function on its schedule (server/runtime/schedules.ts); the week's dedupe key keeps it to one.
import type { Config } from '@netlify/functions';
import { getDb } from '../../server/db/client.ts';
import { wakeSender } from '../../server/mail/wake.ts';
import { queueWeeklyReport } from '../../server/readership/weekly.ts';

export default async (): Promise<Response> => {
  const outcome = await queueWeeklyReport(getDb());
  if (outcome === 'queued') wakeSender();
  console.log(`readership weekly report: ${outcome}`);
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '0 7 * * 1' };
