// The table both lists share: every row starts with its date and ends with its delete button, and
// the list's own columns sit between. A failed read offers a retry; an empty one says so.
import type { ReactNode } from 'react';
import { ADMIN_LABELS } from '../../shared/messages/index.ts';
import type { ListKind, RowOf } from '../../shared/admin-api.ts';
import { DateCell } from './DateCell.tsx';
import { DeleteButton } from './DeleteButton.tsx';
import styles from './admin.module.css';

/** What sets one list's table apart (contactColumns, signupColumns). */
export interface ListColumns<K extends ListKind> {
  caption: string;
  /** The headers of the list's own columns. */
  headers: readonly string[];
  emptyText: string;
  /** The list's own cells of a row. */
  cells: (row: RowOf[K]) => ReactNode;
  /** Names the row for screen readers ("Delete …"). */
  deleteLabel: (row: RowOf[K]) => string;
}

interface Props<K extends ListKind> {
  columns: ListColumns<K>;
  rows: RowOf[K][];
  /** A read is under way: the rows shown are the previous ones. */
  busy: boolean;
  failed: boolean;
  onRetry: () => void;
  onDelete: (row: RowOf[K]) => void;
}

export function ListTable<K extends ListKind>({ columns, rows, busy, failed, onRetry, onDelete }: Props<K>) {
  const { caption, headers, emptyText, cells, deleteLabel } = columns;
  const width = headers.length + 2;

  let body: ReactNode;
  if (failed) {
    body = (
      <tr>
        <td colSpan={width} className={styles.emptyCell}>
          {ADMIN_LABELS.listFailed}{' '}
          <button type="button" className={styles.linkButton} onClick={onRetry}>
            {ADMIN_LABELS.retry}
          </button>
        </td>
      </tr>
    );
  } else if (rows.length === 0) {
    body = (
      <tr>
        <td colSpan={width} className={styles.emptyCell} data-empty>
          {busy ? ADMIN_LABELS.listLoading : emptyText}
        </td>
      </tr>
    );
  } else {
    body = rows.map((row) => (
      <tr key={row.id} data-row-id={row.id}>
        <DateCell iso={row.submitted_at} />
        {cells(row)}
        <td className={styles.actions}>
          <DeleteButton label={deleteLabel(row)} onClick={() => onDelete(row)} />
        </td>
      </tr>
    ));
  }

  return (
    // Focusable so a keyboard can scroll a table wider than the screen.
    <div className={styles.tableScroll} role="region" aria-label={caption} tabIndex={0}>
      <table className={styles.table} aria-busy={busy} data-busy={busy || undefined}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {[ADMIN_LABELS.date, ...headers].map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">{ADMIN_LABELS.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
    </div>
  );
}
