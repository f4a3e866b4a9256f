// A background function (the `-background` name: Netlify answers its caller 202 at once and lets
// it run up to 15 minutes). Started by the scheduled `mail-drain` when a large backlog is due (an
// announcement to many readers); drains in a loop at MAIL_RATE for up to 13 minutes, one run at a
// time (server/mail/background.ts). Anyone may call its URL: it only delivers mail that is due
// anyway, at the same pace, and a second call while one runs returns at once.
import { getDb } from '../../server/db/client.ts';
import { senderConfigFromEnv } from '../../server/mail/config.ts';
import { closeTransports } from '../../server/mail/smtp-transport.ts';
import { drainInBackground } from '../../server/mail/background.ts';

export default async (): Promise<Response> => {
  const config = senderConfigFromEnv();
  if (!config) return new Response(null, { status: 204 });
  const result = await drainInBackground(getDb(), config).finally(closeTransports);
  if (result.ran) {
    console.log(`mail (background): ${result.sent} sent, ${result.retry} to retry, ${result.failed} failed`);
  }
  return new Response(null, { status: 204 });
};
