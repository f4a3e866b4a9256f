// Daily on Netlify: deletes contact messages past MESSAGE_RETENTION_DAYS and delivered or failed
// mail past its keep (server/retention.ts). `npm start` runs this same function on its schedule (server/runtime/schedules.ts).
import type { Config } from '@netlify/functions';
import { getDb } from '../../server/db/client.ts';
import { purgeOldData } from '../../server/retention.ts';
import { messageRetentionDays } from '../../server/settings.ts';

export default async (): Promise<Response> => {
  const purged = await purgeOldData(getDb(), messageRetentionDays());
  console.log(
    `purged ${purged.messages} old messages, ${purged.sentMail} delivered, ${purged.failedMail} failed, ${purged.unsentMail} unsent mails and ${purged.auditEntries} audit entries`,
  );
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '@daily' };
