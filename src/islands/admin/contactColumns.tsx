// The contact messages' columns: the sender (the row's header cell), address, subject and the
// message, cut to one line with the whole text in a tooltip and "Read" to open it whole.
import { ADMIN_LABELS } from '../../shared/messages/index.ts';
import type { ListColumns } from './ListTable.tsx';
import { MessageCell } from './MessageCell.tsx';
import styles from './admin.module.css';

export const contactColumns: ListColumns<'contacts'> = {
  caption: ADMIN_LABELS.contactsTab,
  headers: [ADMIN_LABELS.name, ADMIN_LABELS.email, ADMIN_LABELS.subject, ADMIN_LABELS.message],
  emptyText: ADMIN_LABELS.contactsEmpty,
  cells: (row) => (
    <>
      <th scope="row" className={styles.name}>
        {row.name}
      </th>
      <td className={styles.email}>{row.email}</td>
      <td className={styles.subject}>
        {row.subject ?? (
          <>
            <span aria-hidden="true">{ADMIN_LABELS.noSubject}</span>
            <span className="visually-hidden">{ADMIN_LABELS.noSubjectText}</span>
          </>
        )}
      </td>
      <MessageCell row={row} />
    </>
  ),
  deleteLabel: (row) => ADMIN_LABELS.deleteContactOf(row.name),
};
