// The SMTP transport (transport.ts's one implementation): nodemailer with a pool of connections,
// one pool per SMTP server for the life of the process (a warm function reuses it).
import { createTransport, type Transporter } from 'nodemailer';
import type { SmtpSettings } from '../settings.ts';
import { DeliveryError, SENDER_CONNECTIONS, type MailMessage, type MailTransport } from './transport.ts';

/** What an error from nodemailer means for the mail: try again later, or never. */
export function classify(err: unknown): 'temporary' | 'permanent' {
  const e = err as { responseCode?: number; code?: string };
  // A bad login is the operator's to fix, not the mail's fault: keep the mail and retry.
  if (e.code === 'EAUTH') return 'temporary';
  if (typeof e.responseCode === 'number') return e.responseCode >= 500 ? 'permanent' : 'temporary';
  // No SMTP reply: a connection, DNS, TLS or timeout error. The mail may well go through later.
  return 'temporary';
}

function errorText(err: unknown): string {
  const e = err as { response?: string; message?: string };
  return String(e.response || e.message || err).slice(0, 1000);
}

function wrap(transporter: Transporter): MailTransport {
  return {
    send: async (message: MailMessage) => {
      const { from, replyTo } = message;
      try {
        await transporter.sendMail({
          from: from.name ? { name: from.name, address: from.address } : from.address,
          // Objects, never strings: nodemailer does not parse them, so nothing becomes a second recipient.
          to: { name: '', address: message.to },
          ...(replyTo ? { replyTo: { name: replyTo.name ?? '', address: replyTo.address } } : {}),
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          headers: message.headers,
          messageId: message.messageId,
        });
      } catch (err) {
        throw new DeliveryError(errorText(err), classify(err) === 'permanent');
      }
    },
    close: () => transporter.close(),
  };
}

const transports = new Map<string, MailTransport>();

/** One pooled transport per SMTP server for the life of the process. */
export function smtpTransport(smtp: SmtpSettings): MailTransport {
  const key = JSON.stringify(smtp);
  let transport = transports.get(key);
  if (!transport) {
    transport = wrap(
      createTransport({
        pool: true,
        maxConnections: SENDER_CONNECTIONS,
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure,
        ...(smtp.auth ? { auth: smtp.auth } : {}),
        // Connect 10 s + greeting 10 s + a send's socket idle 30 s stay well inside the claim's lease.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    );
    transports.set(key, transport);
  }
  return transport;
}

/** Closes every pooled connection (a scheduled function that is done, a server that stops). */
export function closeTransports(): void {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}
