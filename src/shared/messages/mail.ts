/** The dashboard's Mail view (ours; the spec has no mail). */

/** The outbox statuses (src/shared/admin-mail-api.ts, MAIL_STATUSES). */
type MailStatus = 'queued' | 'sending' | 'sent' | 'failed';

export const MAIL_LABELS = {
  tab: 'Mail',
  filterLabel: 'Show',
  all: 'All',
  loading: 'Loading mail…',
  failed: 'The mail could not be loaded.',
  empty: 'No mail yet.',
  emptyFiltered: 'No mail with this status.',
  notConfigured: 'Mail is not configured.',
  notConfiguredText:
    'Nothing is being sent: with no SMTP_URL set, every e-mail the site writes waits here in the outbox. Set SMTP_URL and MAIL_FROM (see the README) and restart; the waiting mail then goes out.',
  noOwnerAlerts: 'OWNER_EMAIL is not set, so nobody is e-mailed when a reader writes.',
  to: 'To',
  queuedAt: 'Queued',
  sentAt: 'Sent',
  attempts: 'Attempts',
  lastError: 'Last error',
  showText: 'Show the text',
  retry: 'Send again',
  retrying: 'Queuing…',
  retried: 'Queued again. It goes out within a minute.',
  retryFailed: 'It could not be queued again. Reload and try once more.',
  loadMore: 'Load older mail',
  loadingMore: 'Loading…',
} as const;

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

/** What the view shows, read out when it changes. */
export function mailSummary(shown: number, more: boolean, counts: Record<MailStatus, number>): string {
  const total = counts.queued + counts.sending + counts.sent + counts.failed;
  return `${shown}${more ? '+' : ''} shown of ${total} · ${counts.queued + counts.sending} waiting, ${counts.sent} sent, ${counts.failed} failed`;
}
