// The Mail view: every e-mail the site has written (the outbox), newest first, with its status,
// recipient, subject and text; a failed one can be sent again. Unfiltered, announcements are one
// line each (their copies can number 100,000); a status filter lists every copy of that status. When SMTP_URL is not set it says
// that mail is not configured: the mail waits here and nothing pretends to have been sent.
// Loaded on its own (React.lazy in Dashboard.tsx) the first time the owner opens the tab.
import { ADMIN_LABELS } from '../../shared/messages/index.ts';
import {
  MAIL_ANNOUNCEMENT_STATUS,
  MAIL_LABELS,
  MAIL_STATUS_LABELS,
  MAIL_STATUS_NOTES,
  announcementCounts,
  mailSummary,
} from '../../shared/messages/mail.ts';
import { MAIL_STATUSES, type MailAnnouncementLine, type MailRow } from '../../shared/admin-mail-api.ts';
import { shortDateTime } from './format.ts';
import { useMail } from './useMail.ts';
import WelcomeMailPanel from './WelcomeMailPanel.tsx';
import styles from './mail.module.css';
import admin from './admin.module.css';

interface Props {
  /** The session is gone (401/403): back to the gate. */
  onDenied: () => void;
}

function MailItem({ row, retrying, onRetry }: { row: MailRow; retrying: boolean; onRetry: () => void }) {
  return (
    <li className={styles.item} data-mail-status={row.status}>
      <div className={styles.itemHead}>
        <span className={styles.status} data-status={row.status}>
          {MAIL_STATUS_LABELS[row.status]}
        </span>
        {row.announcement_id && <span className={styles.status}>{MAIL_LABELS.announcementBadge}</span>}
        <h2 className={styles.subject}>{row.subject}</h2>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{MAIL_LABELS.to}</dt>
          <dd className={styles.recipient}>{row.recipient}</dd>
        </div>
        <div>
          <dt>{MAIL_LABELS.queuedAt}</dt>
          <dd>
            <time dateTime={row.created_at}>{shortDateTime(row.created_at)}</time>
          </dd>
        </div>
        {row.sent_at && (
          <div>
            <dt>{MAIL_LABELS.sentAt}</dt>
            <dd>
              <time dateTime={row.sent_at}>{shortDateTime(row.sent_at)}</time>
            </dd>
          </div>
        )}
        <div>
          <dt>{MAIL_LABELS.attempts}</dt>
          <dd>{row.attempts}</dd>
        </div>
      </dl>
      {MAIL_STATUS_NOTES[row.status] && <p className={styles.hint}>{MAIL_STATUS_NOTES[row.status]}</p>}
      {row.last_error && row.status !== 'sent' && row.status !== 'skipped' && (
        <p className={styles.error}>
          <span className={styles.errorLabel}>{MAIL_LABELS.lastError}:</span> {row.last_error}
        </p>
      )}
      <details className={styles.text}>
        <summary>{MAIL_LABELS.showText}</summary>
        <pre>{row.text}</pre>
      </details>
      {row.status === 'failed' && (
        <div className={styles.actions}>
          <button
            type="button"
            className={`button button--ghost ${admin.small}`}
            onClick={onRetry}
            disabled={retrying}
            aria-busy={retrying}
          >
            {retrying ? MAIL_LABELS.retrying : MAIL_LABELS.retry}
          </button>
        </div>
      )}
    </li>
  );
}

/** One announcement summed up: its subject, state and where its copies are. */
function AnnouncementLine({ line }: { line: MailAnnouncementLine }) {
  return (
    <li className={styles.item} data-mail-announcement={line.id}>
      <div className={styles.itemHead}>
        <span className={styles.status} data-status={line.status === 'done' ? 'sent' : undefined}>
          {MAIL_ANNOUNCEMENT_STATUS[line.status] ?? line.status}
        </span>
        <h3 className={styles.subject}>{line.subject}</h3>
      </div>
      <dl className={styles.facts}>
        {line.sent_at && (
          <div>
            <dt>{MAIL_LABELS.sentAt}</dt>
            <dd>
              <time dateTime={line.sent_at}>{shortDateTime(line.sent_at)}</time>
            </dd>
          </div>
        )}
        <div>
          <dt>{MAIL_LABELS.recipients}</dt>
          <dd>{announcementCounts(line)}</dd>
        </div>
      </dl>
    </li>
  );
}

export default function MailView({ onDenied }: Props) {
  const mail = useMail(onDenied);
  const { page, rows } = mail;
  return (
    <div className={styles.mail} aria-busy={mail.loading} data-mail-view>
      {page && !page.configured && (
        <div className={styles.notice} role="note">
          <p className={styles.noticeTitle}>{MAIL_LABELS.notConfigured}</p>
          <p>{MAIL_LABELS.notConfiguredText}</p>
        </div>
      )}
      {page && !page.ownerAlerts && <p className={styles.hint}>{MAIL_LABELS.noOwnerAlerts}</p>}
      <WelcomeMailPanel onDenied={onDenied} />
      <div className={admin.panelHead}>
        <p className={admin.summary} aria-live="polite">
          {mail.loading || !page
            ? MAIL_LABELS.loading
            : mailSummary(rows.length, page.nextCursor !== null, page.counts, mail.status)}
        </p>
        <label className={styles.filter}>
          <span>{MAIL_LABELS.filterLabel}</span>
          <select
            value={mail.status ?? ''}
            onChange={(e) => mail.setStatus((e.target.value || null) as typeof mail.status)}
          >
            <option value="">{MAIL_LABELS.all}</option>
            {MAIL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {MAIL_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {!mail.status && !mail.loading && page && page.announcements.length > 0 && (
        <section className={styles.mail} aria-labelledby="mail-announcements" data-mail-announcements>
          <h2 id="mail-announcements" className={styles.subject}>
            {MAIL_LABELS.announcementsTitle}
          </h2>
          <p className={styles.hint}>{MAIL_LABELS.announcementsHint}</p>
          <ul className={styles.list}>
            {page.announcements.map((line) => (
              <AnnouncementLine key={line.id} line={line} />
            ))}
          </ul>
        </section>
      )}
      {mail.failed && !mail.loading ? (
        <p className={styles.empty}>
          {MAIL_LABELS.failed}{' '}
          <button type="button" className={admin.linkButton} onClick={mail.reload}>
            {ADMIN_LABELS.retry}
          </button>
        </p>
      ) : !mail.loading && rows.length === 0 ? (
        <p className={styles.empty}>{mail.status ? MAIL_LABELS.emptyFiltered : MAIL_LABELS.empty}</p>
      ) : (
        <ul className={styles.list}>
          {rows.map((row) => (
            <MailItem key={row.id} row={row} retrying={mail.retrying === row.id} onRetry={() => mail.retry(row.id)} />
          ))}
        </ul>
      )}
      {page?.nextCursor && (
        <div className={admin.more}>
          <button
            type="button"
            className={`button button--ghost ${admin.small}`}
            onClick={mail.loadMore}
            disabled={mail.loadingMore}
          >
            {mail.loadingMore ? MAIL_LABELS.loadingMore : MAIL_LABELS.loadMore}
          </button>
        </div>
      )}
    </div>
  );
}
