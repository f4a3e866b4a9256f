// The confirmation before a row is deleted, naming the row.
import { ADMIN_LABELS } from '../../shared/messages/index.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { RowSummary } from './RowSummary.tsx';
import type { RowDeletion } from './useRowDeletion.ts';

export function DeleteRowDialog({ deletion }: { deletion: RowDeletion }) {
  const { pending, deleting, confirm, cancel } = deletion;
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
    </ConfirmDialog>
  );
}
