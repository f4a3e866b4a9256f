// The row a deletion would remove, as the confirmation dialog describes it.
import { ADMIN_LABELS } from '../../shared/messages/index.ts';
import { shortDateTime } from './format.ts';
import type { ListRow } from './useRowDeletion.ts';
import styles from './admin.module.css';

export function RowSummary({ kind, row }: ListRow) {
  return (
    <dl className={styles.pending}>
      {kind === 'contacts' ? (
        <>
          <dt>{ADMIN_LABELS.name}</dt>
          <dd>{row.name}</dd>
          <dt>{ADMIN_LABELS.email}</dt>
          <dd>{row.email}</dd>
        </>
      ) : (
        <>
          <dt>{ADMIN_LABELS.email}</dt>
          <dd>{row.email}</dd>
          <dt>{ADMIN_LABELS.type}</dt>
          <dd>{row.signup_type}</dd>
        </>
      )}
      <dt>{ADMIN_LABELS.date}</dt>
      <dd>{shortDateTime(row.submitted_at)}</dd>
    </dl>
  );
}
