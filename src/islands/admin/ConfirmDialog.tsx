// A modal confirmation on the browser's own <dialog>: focus moves into it and is kept there, the
// page behind is inert, Escape cancels, and focus returns to the button that opened it.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ADMIN_LABELS } from '../../shared/messages/index.ts';
import styles from './admin.module.css';

interface Props {
  open: boolean;
  title: string;
  /** What will be deleted, as text. */
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  /** The safe button's label; "Cancel" unless that would read as the action itself. */
  dismissLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  busy,
  dismissLabel = ADMIN_LABELS.cancel,
  onConfirm,
  onCancel,
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      el.showModal();
      // The safe choice has the focus.
      cancel.current?.focus();
    } else if (!open && el.open) {
      el.close();
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        // Escape: close through our state (and not while the deletion is under way).
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={titleId} className={styles.dialogTitle}>
        {title}
      </h2>
      <div id={bodyId} className={styles.dialogBody}>
        {children}
      </div>
      <div className={styles.dialogActions}>
        <button ref={cancel} type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
          {dismissLabel}
        </button>
        <button
          type="button"
          className={`button ${styles.danger}`}
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
