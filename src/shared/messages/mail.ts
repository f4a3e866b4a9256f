/** The dashboard's Mail view (ours; the spec has no mail). */

/** The outbox statuses (src/shared/admin-mail-api.ts, MAIL_STATUSES). */
type MailStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'skipped' | 'cancelled';

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
  /** Unfiltered, an announcement's copies are summed up in one line each (MailView.tsx). */
  announcementsTitle: 'Announcements',
  announcementsHint:
    'Each announcement is one line here, not one card per reader. Choose a status under “Show” to list every copy with that status, or open the Send tab for its progress.',
  announcementBadge: 'Announcement',
  recipients: 'Recipients',
} as const;

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Skipped',
  cancelled: 'Cancelled',
};

/** What skipped and cancelled mean, under an announcement's copy with that status. */
export const MAIL_STATUS_NOTES: Partial<Record<MailStatus, string>> = {
  skipped: 'Not sent: the reader left the list, or the address bounced, after it was queued.',
  cancelled: 'Not sent: the announcement was cancelled before it reached this reader.',
};

/** An announcement's state, as the Mail view's line shows it. */
export const MAIL_ANNOUNCEMENT_STATUS: Record<string, string> = {
  sending: 'Sending',
  paused: 'Paused',
  cancelled: 'Cancelled',
  done: 'Done',
};

/** One announcement's copies, e.g. "10,000 recipients · 9,512 sent, 480 waiting, 8 failed". */
export function announcementCounts(line: {
  recipients: number;
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
  cancelled: number;
}): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const parts = [`${n(line.sent)} sent`, `${n(line.queued)} waiting`, `${n(line.failed)} failed`];
  if (line.skipped) parts.push(`${n(line.skipped)} skipped`);
  if (line.cancelled) parts.push(`${n(line.cancelled)} cancelled`);
  return `${n(line.recipients)} recipient${line.recipients === 1 ? '' : 's'} · ${parts.join(', ')}`;
}

/**
 * What the view shows, read out when it changes. Unfiltered, announcements' copies are summed up
 * apart, so "of" is said only for a status filter (the count of that status).
 */
export function mailSummary(
  shown: number,
  more: boolean,
  counts: Record<MailStatus, number>,
  status: MailStatus | null = null,
): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const head = `${n(shown)}${more ? '+' : ''} shown${status ? ` of ${n(counts[status])}` : ''}`;
  const parts = [
    `${n(counts.queued + counts.sending)} waiting`,
    `${n(counts.sent)} sent`,
    `${n(counts.failed)} failed`,
  ];
  if (counts.skipped) parts.push(`${n(counts.skipped)} skipped`);
  if (counts.cancelled) parts.push(`${n(counts.cancelled)} cancelled`);
  return `${head} · ${parts.join(', ')}`;
}
