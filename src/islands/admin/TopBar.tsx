// Who is signed in (their address and role, or the key's "owner (key)"), a colleague's way to add
// a passkey (the passkey code loads on the click), and the way out.
import { useState } from 'react';
import { ADMIN_LABELS } from '../../shared/messages/index.ts';
import { STAFF_TAB_LABELS } from '../../shared/messages/staff-tabs.ts';
import type { SessionInfo } from '../../shared/admin-api.ts';
import { notify } from '../toaster.tsx';
import styles from './admin.module.css';

interface Props {
  session: SessionInfo;
  loggingOut: boolean;
  onLogout: () => void;
}

export function TopBar({ session, loggingOut, onLogout }: Props) {
  const [adding, setAdding] = useState(false);

  async function addPasskey() {
    setAdding(true);
    const [{ addPasskey: add }, { STAFF_NOTICES }] = await Promise.all([
      import('./staffApi.ts'),
      import('../../shared/messages/staff.ts'),
    ]);
    try {
      await add();
      notify(STAFF_NOTICES.passkeyAdded, 'success');
    } catch {
      notify(STAFF_NOTICES.passkeyFailed, 'error');
    } finally {
      setAdding(false);
    }
  }

  return (
    <div className={styles.topbar}>
      <p className={styles.signedIn}>
        <span className={styles.dot} aria-hidden="true" />
        {ADMIN_LABELS.signedIn}
        <span data-signed-in-as>
          {' · '}
          {session.email ?? STAFF_TAB_LABELS.keyOwner} ({session.staffRole})
        </span>
      </p>
      {session.email && (
        <button type="button" className="button button--ghost" onClick={addPasskey} disabled={adding}>
          {STAFF_TAB_LABELS.addPasskey}
        </button>
      )}
      <button type="button" className="button button--ghost" onClick={onLogout} disabled={loggingOut}>
        {loggingOut ? ADMIN_LABELS.loggingOut : ADMIN_LABELS.logout}
      </button>
    </div>
  );
}
