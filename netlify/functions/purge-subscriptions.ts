// Daily on Netlify: deletes sign-ups left unconfirmed for 30 days and expired links
// (server/subscriptions/housekeeping.ts). `npm start` runs this same function on its schedule (server/runtime/schedules.ts).
import type { Config } from '@netlify/functions';
import { getDb } from '../../server/db/client.ts';
import { purgeSubscriptions } from '../../server/subscriptions/housekeeping.ts';

export default async (): Promise<Response> => {
  const purged = await purgeSubscriptions(getDb());
  console.log(
    `subscriptions: purged ${purged.unconfirmed} unconfirmed sign-ups, ${purged.links} expired links, ${purged.tokens} spent tokens`,
  );
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '@daily' };
