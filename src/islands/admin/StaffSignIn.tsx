// Staff sign-in (issue 36), loaded lazily below the key gate and in the re-authentication dialog:
// a passkey (the button, or the browser's autofill of the address field: conditional UI), or a
// six-digit code e-mailed to the address. An invitation link (/admin#invite=…) is used here too.
// Every answer is the same for any address: nothing here tells who is on the staff.
import { useEffect, useEffectEvent, useId, useRef, useState, type SubmitEvent } from 'react';
import type { SessionInfo } from '../../shared/admin-api.ts';
import type { Notice } from '../../shared/messages/index.ts';
import { STAFF_LABELS, STAFF_NOTICES } from '../../shared/messages/staff.ts';
import { notify } from '../toaster.tsx';
import { ApiError } from './api.ts';
import { acceptInvitation, askForCode, autofillAvailable, signInWithCode, signInWithPasskey } from './staffApi.ts';
import styles from './admin.module.css';

interface Props {
  onSignedIn: (session: SessionInfo) => void;
  /** The address to sign in again as (the re-authentication dialog); else typed here. */
  email?: string;
}

function failure(err: unknown, fallback: Notice = STAFF_NOTICES.passkeyFailed): void {
  notify(err instanceof ApiError && err.notice ? err.notice : fallback, 'error');
}

export default function StaffSignIn({ onSignedIn, email: fixed }: Props) {
  const id = useId();
  const [email, setEmail] = useState(fixed ?? '');
  const [codeSent, setCodeSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [invitation, setInvitation] = useState<string | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const done = useEffectEvent((session: SessionInfo) => onSignedIn(session));

  // An invitation link: use it once, and take the token out of the address bar either way.
  useEffect(() => {
    const match = /^#invite=([A-Za-z0-9_-]{43})$/.exec(window.location.hash);
    if (!match || fixed) return;
    history.replaceState(null, '', window.location.pathname);
    acceptInvitation(match[1]!).then(
      (session) => {
        notify(STAFF_NOTICES.invitationAccepted, 'success');
        done(session);
      },
      (err: unknown) => {
        const notice = err instanceof ApiError && err.notice ? err.notice : STAFF_NOTICES.invitationUnknown;
        setInvitation(notice.text);
        notify(notice, 'error');
      },
    );
  }, [fixed]);

  // Conditional UI: a passkey offered in the address field's autofill signs in when picked.
  useEffect(() => {
    if (fixed) return;
    let live = true;
    void autofillAvailable().then((available) => {
      if (!available || !live) return;
      signInWithPasskey(true).then(
        (session) => live && done(session),
        () => undefined, // aborted by the button, or dismissed: the other ways stay open
      );
    });
    return () => {
      live = false;
    };
  }, [fixed]);

  async function passkey() {
    setBusy(true);
    try {
      onSignedIn(await signInWithPasskey(false));
    } catch (err) {
      failure(err);
    } finally {
      setBusy(false);
    }
  }

  async function sendCode() {
    if (!email.trim()) return;
    setBusy(true);
    try {
      await askForCode(email.trim());
      setCodeSent(true);
      notify(STAFF_NOTICES.codeSent, 'success');
      requestAnimationFrame(() => codeInput.current?.focus());
    } catch (err) {
      failure(err, STAFF_NOTICES.throttled);
    } finally {
      setBusy(false);
    }
  }

  async function submitCode(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = codeInput.current?.value.trim() ?? '';
    if (!codeSent) return void sendCode();
    if (!/^\d{6}$/.test(code)) return notify(STAFF_NOTICES.codeWrong, 'error');
    setBusy(true);
    try {
      onSignedIn(await signInWithCode(email.trim(), code));
    } catch (err) {
      failure(err, STAFF_NOTICES.codeWrong);
      if (codeInput.current) codeInput.current.value = '';
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.gate} aria-labelledby={`${id}-title`} data-staff-sign-in>
      <h2 id={`${id}-title`} className={styles.gateTitle}>
        {STAFF_LABELS.staffSignIn}
      </h2>
      {invitation && (
        <div className={styles.callout} data-tone="error" role="alert">
          {invitation}
        </div>
      )}
      <button type="button" className={`button ${styles.gateSubmit}`} onClick={passkey} disabled={busy}>
        {STAFF_LABELS.passkeyButton}
      </button>
      <form className={styles.gateForm} onSubmit={submitCode} noValidate aria-busy={busy}>
        <label className={styles.label} htmlFor={`${id}-email`}>
          {STAFF_LABELS.email}
        </label>
        <input
          id={`${id}-email`}
          className={styles.input}
          type="email"
          name="email"
          autoComplete="username webauthn"
          value={email}
          readOnly={fixed !== undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        {codeSent && (
          <>
            <label className={styles.label} htmlFor={`${id}-code`}>
              {STAFF_LABELS.code}
            </label>
            <input
              ref={codeInput}
              id={`${id}-code`}
              className={styles.input}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              name="code"
            />
          </>
        )}
        <button type="submit" className="button button--ghost" disabled={busy}>
          {codeSent ? STAFF_LABELS.codeSubmit : STAFF_LABELS.sendCode}
        </button>
      </form>
    </section>
  );
}
