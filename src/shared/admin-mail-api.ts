/**
 * The admin API's contract for the Mail view (the outbox): its paths and answers, shared by the
 * dashboard island and server/admin/mail.ts.
 */

export const MAIL_API = {
  list: '/api/admin/mail',
  /** POST: queue a failed mail again. */
  retry: (id: string) => `/api/admin/mail/${encodeURIComponent(id)}/retry`,
} as const;

export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** Mails per page of the Mail view. */
export const MAIL_PAGE_SIZE = 50;

export interface MailRow {
  id: string;
  /** What the mail is: 'owner-alert', 'confirmation', 'announcement', … */
  kind: string;
  recipient: string;
  subject: string;
  /** The plain-text part, as sent. */
  text: string;
  status: MailStatus;
  attempts: number;
  /** The last SMTP reply or connection error, if any. */
  last_error: string | null;
  /** ISO 8601, UTC. */
  created_at: string;
  sent_at: string | null;
  /** When a queued mail is tried next. */
  next_attempt_at: string;
}

export interface MailPage {
  /** False when SMTP_URL is not set: mail stays in the outbox and nothing is sent. */
  configured: boolean;
  /** False when OWNER_EMAIL is not set: new messages alert nobody. */
  ownerAlerts: boolean;
  counts: Record<MailStatus, number>;
  rows: MailRow[];
  /** Pass as ?before= for the next (older) page; null: the last page. */
  nextCursor: string | null;
}
