/**
 * The admin API's contract for the Mail view (the outbox): its paths and answers, shared by the
 * dashboard island and server/admin/mail.ts.
 */

export const MAIL_API = {
  list: '/api/admin/mail',
  /** POST: queue a failed mail again. */
  retry: (id: string) => `/api/admin/mail/${encodeURIComponent(id)}/retry`,
} as const;

/**
 * skipped: an announcement's mail whose reader left (or bounced) before it went; cancelled: an
 * announcement's mail withdrawn by the owner (docs/announcements.md).
 */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'skipped', 'cancelled'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** Mails per page of the Mail view. */
export const MAIL_PAGE_SIZE = 50;

export interface MailRow {
  id: string;
  /** What the mail is: 'owner-alert', 'confirmation', 'announcement', … */
  kind: string;
  recipient: string;
  subject: string;
  /**
   * The plain-text part, as sent; for an announcement's mail, the announcement's text with the
   * reader's own link token left out (the owner never sees a reader's link).
   */
  text: string;
  /** The announcement this mail is one copy of, or null (docs/announcements.md). */
  announcement_id: string | null;
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
  /** Every mail by status, announcements' copies included (what each status filter lists). */
  counts: Record<MailStatus, number>;
  /**
   * Unfiltered, the list leaves out announcements' copies (one announcement can be 100,000 of them)
   * and the first page has one line per recent announcement here instead; a status filter lists
   * every copy of that status, each with its announcement_id.
   */
  rows: MailRow[];
  announcements: MailAnnouncementLine[];
  /** Pass as ?before= for the next (older) page; null: the last page. */
  nextCursor: string | null;
}

/** One announcement as the Mail view sums it up: its subject and where its copies are. */
export interface MailAnnouncementLine {
  id: string;
  subject: string;
  /** sending, paused, cancelled or done (drafts have no mail). */
  status: string;
  recipients: number;
  /** ISO 8601, UTC: when the owner sent it. */
  sent_at: string | null;
  /** Copies by outbox status (queued counts those being sent too). */
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
  cancelled: number;
}

/** Announcements summed up on the Mail view's first page. */
export const MAIL_ANNOUNCEMENT_LINES = 5;
