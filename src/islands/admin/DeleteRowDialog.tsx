// The confirmation before a row is deleted, naming the row and saying whether an e-mail goes out:
// only a confirmed sign-up's address can be told, and only when the owner ticks that the person
// asked (server/admin/erase.ts).
import { ADMIN_LABELS } from '../../shared/messages/index.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { RowSummary } from './RowSummary.tsx';
import type { ListRow, RowDeletion } from './useRowDeletion.ts';

/** The address a confirmation could go to, or null when none may (a message, a pending sign-up). */
function notifiable(pending: ListRow): string | null {
  return pending.kind === 'signups' && pending.row.status === 'confirmed' ? pending.row.email : null;
}

export function DeleteRowDialog({ deletion }: { deletion: RowDeletion }) {
  const { pending, deleting, confirm, cancel, notifyReader, setNotifyReader } = deletion;
  const address = pending ? notifiable(pending) : null;
  return (
    <ConfirmDialog
      open={pending !== null}
      title={pending?.kind === 'signups' ? ADMIN_LABELS.confirmSignupTitle : ADMIN_LABELS.confirmContactTitle}
      confirmLabel={ADMIN_LABELS.delete}
      busyLabel={ADMIN_LABELS.deleting}
      busy={deleting}
      onConfirm={confirm}
      onCancel={cancel}
    >
      {pending && <RowSummary {...pending} />}
      <p>{ADMIN_LABELS.confirmText}</p>
      {address ? (
        <>
          <label>
            <input
              type="checkbox"
              checked={notifyReader}
              onChange={(event) => setNotifyReader(event.currentTarget.checked)}
            />{' '}
            {ADMIN_LABELS.notifyErasure(address)}
          </label>
          <p role="status">{notifyReader ? ADMIN_LABELS.erasureMailWill(address) : ADMIN_LABELS.erasureMailNone}</p>
        </>
      ) : (
        <p>{ADMIN_LABELS.erasureMailNever}</p>
      )}
    </ConfirmDialog>
  );
}
