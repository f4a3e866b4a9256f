// What a sender needs (a transport, the From address, the retry and pace settings), and how
// `npm start` and the functions make it from the environment (settings.ts).
import { mailFrom, mailRate, mailRetrySeconds, smtpSettings, type Mailbox } from '../settings.ts';
import { smtpTransport } from './smtp-transport.ts';
import type { MailTransport } from './transport.ts';

export interface SenderConfig {
  transport: MailTransport;
  from: Mailbox;
  /** First retry delay; each next one doubles, up to MAX_RETRY_SECONDS (deliver.ts). */
  retrySeconds: number;
  /** Rows claimed and sent at once (the transport's connections). */
  concurrency?: number;
  /** How long a claim holds: longer than the slowest send the transport's timeouts allow. */
  leaseSeconds?: number;
  /** At most this many mails a second (MAIL_RATE); unset: as fast as the server takes them. */
  rate?: number;
}

/** The sender's configuration from the environment, or null when SMTP_URL is not set. */
export function senderConfigFromEnv(): SenderConfig | null {
  const smtp = smtpSettings();
  if (!smtp) return null;
  return { transport: smtpTransport(smtp), from: mailFrom()!, retrySeconds: mailRetrySeconds(), rate: mailRate() };
}
