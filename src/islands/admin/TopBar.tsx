// Who is signed in, and the way out.
import { ADMIN_LABELS } from '../../shared/messages/index.ts';
import styles from './admin.module.css';

interface Props {
  loggingOut: boolean;
  onLogout: () => void;
}

export function TopBar({ loggingOut, onLogout }: Props) {
  return (
    <div className={styles.topbar}>
      <p className={styles.signedIn}>
        <span className={styles.dot} aria-hidden="true" />
        {ADMIN_LABELS.signedIn}
      </p>
      <button type="button" className="button button--ghost" onClick={onLogout} disabled={loggingOut}>
        {loggingOut ? ADMIN_LABELS.loggingOut : ADMIN_LABELS.logout}
      </button>
    </div>
  );
}
