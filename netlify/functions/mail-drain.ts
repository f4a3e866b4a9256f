// Every minute on Netlify: delivers due mail from the outbox (server/mail/sender.ts), including
// retries and mail whose first try after its commit did not finish. It stops claiming after 20 s so
// it ends well inside a scheduled function's time limit; what is left waits for the next minute.
// Without SMTP_URL it does nothing: the mail stays in the outbox (the dashboard says so).
import type { Config } from '@netlify/functions';
import { getDb } from '../../server/db/client.ts';
import { closeTransports, drainOutbox, senderConfigFromEnv } from '../../server/mail/sender.ts';

export default async (): Promise<Response> => {
  const config = senderConfigFromEnv();
  if (!config) return new Response(null, { status: 204 });
  const result = await drainOutbox(getDb(), config, Date.now() + 20_000).finally(closeTransports);
  if (result.sent || result.retry || result.failed) {
    console.log(`mail: ${result.sent} sent, ${result.retry} to retry, ${result.failed} failed`);
  }
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '* * * * *' };
