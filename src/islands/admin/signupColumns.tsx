// The sign-ups' columns: the address (the row's header cell), its type as a badge and the page it
// came from, its status (pending, confirmed, unsubscribed) with its consent history.
import { ADMIN_LABELS } from '../../shared/messages/index.ts';
import type { ListColumns } from './ListTable.tsx';
import { STATUS_LABELS, SUBSCRIPTION_ADMIN_LABELS } from '../../shared/messages/subscriptions.ts';
import { ConsentHistoryButton } from './ConsentHistory.tsx';
import styles from './admin.module.css';

export const signupColumns: ListColumns<'signups'> = {
  caption: ADMIN_LABELS.signupsTab,
  headers: [ADMIN_LABELS.email, ADMIN_LABELS.type, SUBSCRIPTION_ADMIN_LABELS.status, ADMIN_LABELS.sourcePage],
  emptyText: ADMIN_LABELS.signupsEmpty,
  cells: (row) => (
    <>
      <th scope="row" className={styles.email}>
        {row.email ?? <span className={styles.removed}>{SUBSCRIPTION_ADMIN_LABELS.removedAddress}</span>}
      </th>
      <td>
        <span className={styles.badge} data-type={row.signup_type}>
          {row.signup_type}
        </span>
      </td>
      <td>
        <span className={styles.status} data-status={row.status}>
          {STATUS_LABELS[row.status]}
        </span>{' '}
        <ConsentHistoryButton row={row} />
      </td>
      <td className={styles.page}>{row.source_page}</td>
    </>
  ),
  deleteLabel: (row) =>
    ADMIN_LABELS.deleteSignupOf(row.signup_type, row.email ?? SUBSCRIPTION_ADMIN_LABELS.removedAddress),
};
