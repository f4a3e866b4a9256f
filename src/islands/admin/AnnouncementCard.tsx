// One announcement in the Send view: what it is, who wrote and sent it and when, to which lists;
// once sent, its progress (a bar and the counts, read out politely as they change) and the
// actions its state allows. A draft (or a build's proposal) offers "Review and send".
import {
  ANNOUNCEMENT_LABELS as L,
  ANNOUNCEMENT_STATUS_LABELS,
  listNames,
} from '../../shared/messages/announcements.ts';
import type { AnnounceableItem, AnnouncementControl, AnnouncementRow } from './announcementApi.ts';
import { count, shortDateTime } from './format.ts';
import admin from './admin.module.css';
import styles from './send.module.css';

interface Props {
  row: AnnouncementRow;
  item: AnnounceableItem | undefined;
  busy: AnnouncementControl | null;
  onReview: () => void;
  onControl: (action: 'pause' | 'resume') => void;
  onCancel: () => void;
}

const who = (by: string | null) => (by === 'build' ? L.byBuild : L.byOwner);

function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{shortDateTime(iso)}</time>;
}

export function AnnouncementCard({ row, item, busy, onReview, onControl, onCancel }: Props) {
  const draft = row.status === 'draft';
  // The bar: how much of what was to go out has been dealt with (withdrawn mail is not progress).
  const handled = row.sent + row.failed + row.skipped;
  const due = row.recipients - row.cancelled;
  const live = row.status === 'sending' || row.status === 'paused';
  // While it runs every count shows; once finished, the history keeps to what happened.
  const counts = (
    [
      [L.recipients, row.recipients, true],
      [L.delivered, row.sent, true],
      [L.waiting, row.queued, live],
      [L.failedCount, row.failed, live],
      [L.skipped, row.skipped, live, L.skippedHint],
      [L.withdrawn, row.cancelled, live],
    ] as const
  ).filter(([, n, always]) => always || n > 0);

  return (
    <li
      className={styles.card}
      data-announcement={row.id}
      data-status={row.status}
      data-proposed={row.proposed && draft ? '' : undefined}
    >
      <div className={styles.cardHead}>
        <span className={styles.status} data-status={draft && row.proposed ? 'proposed' : row.status}>
          {draft && row.proposed ? L.proposed : ANNOUNCEMENT_STATUS_LABELS[row.status]}
        </span>
        <h3 className={styles.cardTitle} tabIndex={-1} data-card-title>
          {row.subject}
        </h3>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{L.from}</dt>
          <dd>{item ? <a href={item.path}>{item.title}</a> : row.source_path ? row.source_path : L.aNote}</dd>
        </div>
        <div>
          <dt>{L.to}</dt>
          <dd>{listNames(row.audience)}</dd>
        </div>
        <div>
          <dt>{L.created}</dt>
          <dd>
            <When iso={row.created_at} /> {L.by(who(row.created_by))}
          </dd>
        </div>
        {row.sent_at && (
          <div>
            <dt>{L.sentAt}</dt>
            <dd>
              <When iso={row.sent_at} /> {L.by(who(row.sent_by))}
            </dd>
          </div>
        )}
        {row.finished_at && (
          <div>
            <dt>{L.finishedAt}</dt>
            <dd>
              <When iso={row.finished_at} />
            </dd>
          </div>
        )}
      </dl>

      {!draft && (
        <>
          <progress
            className={styles.bar}
            max={Math.max(1, due)}
            value={handled}
            aria-label={L.progressOf(row.subject)}
          />
          <p className={styles.progressLine} aria-live={live ? 'polite' : undefined} data-progress>
            {L.progress({
              recipients: count(row.recipients),
              sent: count(row.sent),
              failed: count(row.failed),
              waiting: count(row.queued),
            })}
          </p>
          <dl className={styles.counts}>
            {counts.map(([label, n, , hint]) => (
              <div key={label} data-count={label}>
                <dt>
                  {label}
                  {hint && <span className="visually-hidden">{` (${hint})`}</span>}
                </dt>
                <dd>{count(n)}</dd>
              </div>
            ))}
          </dl>
        </>
      )}

      {(draft || live) && (
        <div className={styles.cardActions}>
          {draft && (
            <button
              type="button"
              className={`button ${admin.small}`}
              onClick={onReview}
              aria-label={L.reviewOf(row.subject)}
            >
              {L.review}
            </button>
          )}
          {row.status === 'sending' && (
            <button
              type="button"
              className={`button button--ghost ${admin.small}`}
              onClick={() => onControl('pause')}
              disabled={busy !== null}
              aria-busy={busy === 'pause'}
            >
              {busy === 'pause' ? L.pausing : L.pause}
            </button>
          )}
          {row.status === 'paused' && (
            <button
              type="button"
              className={`button ${admin.small}`}
              onClick={() => onControl('resume')}
              disabled={busy !== null}
              aria-busy={busy === 'resume'}
            >
              {busy === 'resume' ? L.resuming : L.resume}
            </button>
          )}
          {live && (
            <button
              type="button"
              className={`button button--ghost ${admin.small}`}
              onClick={onCancel}
              disabled={busy !== null}
            >
              {L.cancel}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
