// Hourly on Netlify: deletes expired rate-limit rows (hashed addresses), so none is kept longer
// than the privacy page says. `npm start` runs this same function on its schedule (server/runtime/schedules.ts).
import type { Config } from '@netlify/functions';
import { getDb } from '../../server/db/client.ts';
import { purgeExpired } from '../../server/rate-limit.ts';

export default async (): Promise<Response> => {
  const removed = await purgeExpired(getDb());
  console.log(`purged ${removed} expired rate-limit rows`);
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '@hourly' };
