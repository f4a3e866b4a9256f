// A contact message in the list: one truncated line with the whole text in a tooltip (the spec's
// table), and "Read", which opens the message whole in a dialog: the sender and their address, the
// time it arrived, the subject, the text with its line breaks, and "Reply" (a mailto: to the sender).
import { useEffect, useId, useRef, useState } from 'react';
import { ADMIN_LABELS as L } from '../../shared/messages/index.ts';
import type { ContactRow } from '../../shared/admin-api.ts';
import { dateTime } from './format.ts';
import { TruncatedText } from './Tooltip.tsx';
import admin from './admin.module.css';
import styles from './message.module.css';

/** mailto: with the sender as recipient and "Re: <subject>". */
export function replyHref(row: Pick<ContactRow, 'email' | 'subject'>): string {
  const subject = L.replySubject(row.subject);
  return `mailto:${encodeURIComponent(row.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`;
}

export function MessageCell({ row }: { row: ContactRow }) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    const el = dialog.current;
    if (open && el && !el.open) el.showModal();
  }, [open]);

  function close() {
    dialog.current?.close();
    setOpen(false);
    opener.current?.focus();
  }

  return (
    <td className={admin.message}>
      <div className={styles.cell}>
        <TruncatedText text={row.message} />
        <button ref={opener} type="button" className={admin.linkButton} onClick={() => setOpen(true)} data-read-message>
          {L.readMessage}
          <span className="visually-hidden"> {L.readMessageOf(row.name)}</span>
        </button>
      </div>
      {open && (
        <dialog
          ref={dialog}
          className={`${admin.dialog} ${styles.dialog}`}
          aria-labelledby={titleId}
          onCancel={(event) => {
            event.preventDefault();
            close();
          }}
          data-message-dialog
        >
          <h2 id={titleId} className={admin.dialogTitle}>
            {row.subject ?? L.noSubjectText}
          </h2>
          <dl className={styles.meta}>
            <dt>{L.messageFrom}</dt>
            <dd>
              {row.name} &lt;{row.email}&gt;
            </dd>
            <dt>{L.messageReceived}</dt>
            <dd>
              <time dateTime={row.submitted_at}>{dateTime(row.submitted_at)}</time>
            </dd>
          </dl>
          <div className={styles.text} tabIndex={0} role="region" aria-label={L.message} data-message-text>
            {row.message}
          </div>
          <div className={admin.dialogActions}>
            <button type="button" className="button button--ghost" onClick={close}>
              {L.close}
            </button>
            <a className="button" href={replyHref(row)} data-reply>
              {L.reply}
            </a>
          </div>
        </dialog>
      )}
    </td>
  );
}
