// Hourly: rolls today's and yesterday's raw views up into daily aggregates, deletes raw views past
// their keep and salts past 48 hours (server/readership/rollup.ts). `npm start` runs this same
// function on its schedule (server/runtime/schedules.ts).
import type { Config } from '@netlify/functions';
import { getDb } from '../../server/db/client.ts';
import { runRollup } from '../../server/readership/rollup.ts';
import { siteTimeZone } from '../../server/settings.ts';

export default async (): Promise<Response> => {
  const done = await runRollup(getDb(), new Date(), siteTimeZone());
  console.log(
    `readership: rolled up ${done.days.join(', ')}; deleted ${done.rawDeleted} raw views, ${done.saltsDeleted} salts`,
  );
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '@hourly' };
