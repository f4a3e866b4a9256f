// "Confirm it is you" before a sensitive act (issue 36: an export, an erasure, a send, a staff
// change) when the last sign-in is older than REAUTH_MINUTES: a colleague signs in again with a
// passkey or a code, the key's session with the key. Loaded lazily, when first needed; the act then
// goes on by itself (api.ts, apiFetch).
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { ADMIN_LABELS, ADMIN_NOTICES } from '../../shared/messages/index.ts';
import { STAFF_LABELS, STAFF_NOTICES } from '../../shared/messages/staff.ts';
import type { SessionInfo } from '../../shared/admin-api.ts';
import { notify } from '../toaster.tsx';
import { ApiError, logIn } from './api.ts';
import StaffSignIn from './StaffSignIn.tsx';
import styles from './admin.module.css';

interface Props {
  session: SessionInfo;
  onDone: (ok: boolean) => void;
}

export default function ReauthDialog({ session, onDone }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const key = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  useEffect(() => {
    dialog.current?.showModal();
    notify(STAFF_NOTICES.reauthRequired, 'error');
  }, []);

  async function withKey(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      await logIn(key.current?.value ?? '');
      onDone(true);
    } catch (err) {
      notify(err instanceof ApiError && err.notice ? err.notice : ADMIN_NOTICES.invalidKey, 'error');
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onDone(false);
      }}
    >
      <h2 id={`${id}-title`} className={styles.dialogTitle}>
        {STAFF_LABELS.reauthTitle}
      </h2>
      <div className={styles.dialogBody}>
        {session.email ? (
          <StaffSignIn email={session.email} onSignedIn={() => onDone(true)} />
        ) : (
          <form className={styles.gateForm} onSubmit={withKey} aria-busy={busy}>
            <label className={styles.label} htmlFor={`${id}-key`}>
              {ADMIN_LABELS.keyLabel}
            </label>
            <input
              ref={key}
              id={`${id}-key`}
              className={styles.input}
              type="password"
              autoComplete="current-password"
            />
            <button type="submit" className="button" disabled={busy}>
              {ADMIN_LABELS.submit}
            </button>
          </form>
        )}
      </div>
      <div className={styles.dialogActions}>
        <button type="button" className="button button--ghost" onClick={() => onDone(false)}>
          {ADMIN_LABELS.cancel}
        </button>
      </div>
    </dialog>
  );
}
