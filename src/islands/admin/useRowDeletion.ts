// Deleting a row (erasure on request): the owner picks a row, confirms in a dialog, and the server
// deletes it. The caller updates the lists and the stat cards.
import { useState } from 'react';
import { ADMIN_NOTICES } from '../../shared/messages/index.ts';
import type { ListKind, RowOf } from '../../shared/admin-api.ts';
import { notify } from '../toaster.tsx';
import { deleteRow, isAuthError } from './api.ts';

/** A row together with the list it belongs to. */
export type ListRow = { [K in ListKind]: { kind: K; row: RowOf[K] } }[ListKind];

export interface RowDeletion {
  /** The row awaiting confirmation; null when the dialog is closed. */
  pending: ListRow | null;
  deleting: boolean;
  /** Whether the person asked: a confirmed sign-up's address is then told by e-mail. */
  notifyReader: boolean;
  setNotifyReader: (on: boolean) => void;
  ask: <K extends ListKind>(kind: K, row: RowOf[K]) => void;
  confirm: () => Promise<void>;
  cancel: () => void;
}

interface Options {
  /** The row has left the server (or had already): take it out of what the page shows. */
  onRemoved: (kind: ListKind, id: string) => void;
  /** After the toast: the row's button is gone, so the focus needs a new place. */
  afterRemoved: (kind: ListKind) => void;
  onDenied: (kinds: ListKind[]) => void;
}

export function useRowDeletion({ onRemoved, afterRemoved, onDenied }: Options): RowDeletion {
  const [pending, setPending] = useState<ListRow | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [notifyReader, setNotifyReader] = useState(false);

  async function confirm() {
    if (!pending || deleting) return;
    const { kind, row } = pending;
    setDeleting(true);
    try {
      const outcome = await deleteRow(kind, row.id, kind === 'signups' && notifyReader);
      // Deleted now, or already gone (another tab, another owner): either way it leaves the list.
      onRemoved(kind, row.id);
      setPending(null);
      if (outcome === 'gone') notify(ADMIN_NOTICES.notFound, 'error');
      else notify(kind === 'contacts' ? ADMIN_NOTICES.contactDeleted : ADMIN_NOTICES.signupDeleted, 'success');
      afterRemoved(kind);
    } catch (err) {
      setPending(null);
      if (isAuthError(err)) onDenied([kind]);
      else notify(ADMIN_NOTICES.deleteFailed, 'error');
    } finally {
      setDeleting(false);
    }
  }

  return {
    pending,
    deleting,
    notifyReader,
    setNotifyReader,
    ask: (kind, row) => {
      setNotifyReader(false);
      setPending({ kind, row } as ListRow);
    },
    confirm,
    cancel: () => setPending(null),
  };
}
