import { ADMIN_LABELS } from '../../shared/messages/index.ts';
import { Icon } from './Icon.tsx';
import styles from './admin.module.css';

const TRASH = 'M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3';

/** A row's "Delete"; `label` names the row for screen readers, since every row has one. */
export function DeleteButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className={styles.deleteButton} onClick={onClick}>
      <Icon path={TRASH} size={16} />
      {ADMIN_LABELS.delete}
      <span className="visually-hidden"> {label}</span>
    </button>
  );
}
