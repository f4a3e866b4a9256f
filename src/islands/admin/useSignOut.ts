// The two ways a dashboard session ends: the server refuses a read or an action (401/403), or the
// owner logs out. Either way the dashboard says so once and hands back to the gate.
import { useRef, useState } from 'react';
import { ADMIN_NOTICES, type Notice } from '../../shared/messages/index.ts';
import type { ListKind } from '../../shared/admin-api.ts';
import { notify } from '../toaster.tsx';
import { ApiError, logOut } from './api.ts';

const RESTRICTED: Record<ListKind, Notice> = {
  contacts: ADMIN_NOTICES.contactsRestricted,
  signups: ADMIN_NOTICES.signupsRestricted,
};

export interface SignOut {
  /** A 401/403 on these lists: the "Access Restricted" toast for each, then the gate. */
  restricted: (kinds: ListKind[]) => void;
  logOut: () => Promise<void>;
  loggingOut: boolean;
}

/** `onSignedOut` goes back to the gate; it is called at most once. */
export function useSignOut(onSignedOut: () => void): SignOut {
  const [loggingOut, setLoggingOut] = useState(false);
  // Several reads can fail at once when a session ends; only the first one reports it.
  const signedOut = useRef(false);

  function restricted(kinds: ListKind[]) {
    if (signedOut.current) return;
    signedOut.current = true;
    for (const kind of kinds) notify(RESTRICTED[kind], 'error');
    onSignedOut();
  }

  async function logOutNow() {
    if (loggingOut) return;
    setLoggingOut(true);
    try {
      await logOut();
    } catch (err) {
      // 401: the session had already ended, which is what logging out wants.
      if (!(err instanceof ApiError && err.status === 401)) {
        setLoggingOut(false);
        notify(ADMIN_NOTICES.logoutFailed, 'error');
        return;
      }
    }
    signedOut.current = true;
    notify(ADMIN_NOTICES.loggedOut, 'success');
    onSignedOut();
  }

  return { restricted, logOut: logOutNow, loggingOut };
}
