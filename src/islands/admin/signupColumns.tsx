// The sign-ups' columns: the address (the row's header cell), its type as a badge and the page it
// came from.
import { ADMIN_LABELS } from '../../shared/messages/index.ts';
import type { ListColumns } from './ListTable.tsx';
import styles from './admin.module.css';

export const signupColumns: ListColumns<'signups'> = {
  caption: ADMIN_LABELS.signupsTab,
  headers: [ADMIN_LABELS.email, ADMIN_LABELS.type, ADMIN_LABELS.sourcePage],
  emptyText: ADMIN_LABELS.signupsEmpty,
  cells: (row) => (
    <>
      <th scope="row" className={styles.email}>
        {row.email}
      </th>
      <td>
        <span className={styles.badge} data-type={row.signup_type}>
          {row.signup_type}
        </span>
      </td>
      <td className={styles.page}>{row.source_page}</td>
    </>
  ),
  deleteLabel: (row) => ADMIN_LABELS.deleteSignupOf(row.signup_type, row.email),
};
