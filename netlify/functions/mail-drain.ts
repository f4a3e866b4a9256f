// Every minute on Netlify: delivers due mail from the outbox (server/mail/drain.ts), including
// retries and mail whose first try after its commit did not finish. It stops claiming after 20 s so
// it ends well inside a scheduled function's time limit; when due mail is left (a large
// announcement) it starts `mail-drain-background`, which drains for up to 13 minutes, and stands
// aside while that runs (server/mail/background.ts).
// Without SMTP_URL it does nothing: the mail stays in the outbox (the dashboard says so).
import type { Config } from '@netlify/functions';
import { getDb } from '../../server/db/client.ts';
import { senderConfigFromEnv } from '../../server/mail/config.ts';
import { closeTransports } from '../../server/mail/smtp-transport.ts';
import { scheduledDrain, startBackgroundDrain } from '../../server/mail/background.ts';
import { siteUrl } from '../../server/settings.ts';

export default async (): Promise<Response> => {
  const config = senderConfigFromEnv();
  if (!config) return new Response(null, { status: 204 });
  const result = await scheduledDrain(getDb(), config, () => startBackgroundDrain(siteUrl())).finally(closeTransports);
  if (result.sent || result.retry || result.failed || result.backgroundStarted) {
    console.log(
      `mail: ${result.sent} sent, ${result.retry} to retry, ${result.failed} failed` +
        (result.backgroundStarted ? '; more is due: the background drain was started' : ''),
    );
  }
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '* * * * *' };
