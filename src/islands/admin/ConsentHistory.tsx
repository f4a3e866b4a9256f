// One subscriber's consent history (GDPR art. 7(1)): a "History" button on a sign-up row opens a
// modal <dialog> with every event of that address (all types), oldest first, and a CSV export.
import { useEffect, useId, useRef, useState } from 'react';
import { ADMIN_LABELS, ADMIN_NOTICES } from '../../shared/messages/index.ts';
import { ADMIN_API, type ConsentEventRow, type SignupRow } from '../../shared/admin-api.ts';
import {
  CONSENT_CHANNEL_WORDS,
  CONSENT_EVENT_WORDS,
  SUBSCRIPTION_ADMIN_LABELS as L,
  consentWording,
} from '../../shared/messages/subscriptions.ts';
import { consentQuery, fetchConsentHistory } from './api.ts';
import { DateCell } from './DateCell.tsx';
import styles from './admin.module.css';

export function ConsentHistoryButton({ row }: { row: SignupRow }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [events, setEvents] = useState<ConsentEventRow[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!open) return;
    const abort = new AbortController();
    fetchConsentHistory({ id: row.id }, abort.signal).then(
      (history) => setEvents(history.events),
      () => {
        if (!abort.signal.aborted) setFailed(true);
      },
    );
    return () => abort.abort();
  }, [open, row.id]);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    else if (!open && el.open) el.close();
  }, [open]);

  return (
    <>
      <button
        type="button"
        className={styles.linkButton}
        data-consent-history={row.id}
        aria-label={`${L.history}: ${L.historyOf(row.signup_type, row.email ?? L.removedAddress)}`}
        onClick={() => {
          setFailed(false);
          setEvents(null);
          setOpen(true);
        }}
      >
        {L.history}
      </button>
      <dialog
        ref={dialog}
        className={styles.dialog}
        aria-labelledby={titleId}
        onCancel={(event) => {
          event.preventDefault();
          setOpen(false);
        }}
      >
        <h2 id={titleId} className={styles.dialogTitle}>
          {L.historyTitle}
        </h2>
        <p className={styles.dialogBody}>{row.email ?? L.removedAddress}</p>
        {failed ? (
          <p>{ADMIN_NOTICES.fetchFailed.text}</p>
        ) : events === null ? (
          <p>{ADMIN_LABELS.listLoading}</p>
        ) : events.length === 0 ? (
          <p>{L.historyEmpty}</p>
        ) : (
          // A scroll region the keyboard can reach and a screen reader names
          // (axe: scrollable-region-focusable).
          <div className={styles.tableScroll} role="region" aria-label={L.historyTitle} tabIndex={0}>
            <table className={styles.table} data-consent-events>
              <thead>
                <tr>
                  <th scope="col">{ADMIN_LABELS.date}</th>
                  <th scope="col">{ADMIN_LABELS.type}</th>
                  <th scope="col">{L.event}</th>
                  <th scope="col">{L.channel}</th>
                  <th scope="col">{ADMIN_LABELS.sourcePage}</th>
                  <th scope="col">{L.version}</th>
                </tr>
              </thead>
              <tbody>
                {events.map((e, i) => (
                  <tr key={i} data-event={e.event}>
                    <DateCell iso={e.occurred_at} />
                    <td>{e.signup_type}</td>
                    <td>{CONSENT_EVENT_WORDS[e.event] ?? e.event}</td>
                    <td>{CONSENT_CHANNEL_WORDS[e.channel] ?? e.channel}</td>
                    <td>{e.source_page ?? '—'}</td>
                    <td data-version={e.consent_version ?? undefined}>
                      {e.consent_version ? consentWording(e.consent_version) : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className={styles.dialogActions}>
          <a
            className="button button--ghost"
            href={`${ADMIN_API.consent}.csv?${consentQuery({ id: row.id })}`}
            download
          >
            {L.historyExport}
          </a>
          <button type="button" className="button" onClick={() => setOpen(false)}>
            {L.historyClose}
          </button>
        </div>
      </dialog>
    </>
  );
}
