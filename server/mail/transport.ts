// The transport seam (as listmonk's Messenger): the sender hands a transport one finished message
// and learns only whether it went, or why not. deliver.ts knows nothing of SMTP; smtp-transport.ts
// is the one implementation (nodemailer), and another (an HTTP API provider) would be one file.
import type { Mailbox } from '../settings.ts';
import type { MailAddress } from './outbox.ts';

/** One message, ready to go: every header value already one line (outbox.ts made it so). */
export interface MailMessage {
  from: Mailbox;
  /** One plain address. */
  to: string;
  replyTo?: MailAddress;
  subject: string;
  text: string;
  html?: string;
  /** Only the extra headers outbox.ts allows. */
  headers: Record<string, string>;
  /** `<uuid@domain>`, fixed when the mail was queued, so a resent copy is the same message. */
  messageId: string;
}

/** Why a message did not go: `permanent` (never try again) or not (try again later). */
export class DeliveryError extends Error {
  override name = 'DeliveryError';
  readonly permanent: boolean;
  constructor(message: string, permanent: boolean) {
    super(message);
    this.permanent = permanent;
  }
}

export interface MailTransport {
  /** Resolves once the server has accepted the message; rejects with a DeliveryError. */
  send: (message: MailMessage) => Promise<void>;
  /** Closes its connections (a stopped server, a finished function). */
  close: () => void;
}

/** Messages one sender has in flight at once: a drain's workers, a transport's pooled connections. */
export const SENDER_CONNECTIONS = 3;
