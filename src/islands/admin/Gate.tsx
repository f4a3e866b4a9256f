// The gate: the admin key, checked by the server (POST /api/admin/session). In local demo mode the
// server tells the gate the key, which it shows as the spec's hint; elsewhere there is no hint.
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { ADMIN_LABELS, ADMIN_NOTICES } from '../../shared/messages/index.ts';
import { notify } from '../toaster.tsx';
import { ApiError, logIn } from './api.ts';
import styles from './admin.module.css';

interface Props {
  demoKey?: string;
  configured: boolean;
  /** Focus the key field on arrival (after a logout; not on first load). */
  autoFocus: boolean;
  onGranted: () => void;
  onUnconfigured: () => void;
}

export function Gate({ demoKey, configured, autoFocus, onGranted, onUnconfigured }: Props) {
  const [submitting, setSubmitting] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || !configured) return;
    const key = input.current?.value ?? '';
    if (!key) {
      setInvalid(true);
      notify(ADMIN_NOTICES.invalidKey, 'error');
      input.current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await logIn(key);
      notify(ADMIN_NOTICES.accessGranted, 'success');
      onGranted();
      return;
    } catch (err) {
      setSubmitting(false);
      if (!(err instanceof ApiError) || err.status === 0) {
        // an unexpected exception during login.
        notify(ADMIN_NOTICES.loginFailed, 'error');
      } else if (err.status === 401) {
        setInvalid(true);
        if (input.current) input.current.value = '';
        notify(ADMIN_NOTICES.invalidKey, 'error');
      } else if (err.status === 429 && err.notice) {
        notify(err.notice, 'error');
      } else if (err.status === 503 && err.notice?.title === ADMIN_NOTICES.notConfigured.title) {
        notify(ADMIN_NOTICES.notConfigured, 'error');
        onUnconfigured();
      } else {
        // The session could not be created (the server or its database failed).
        notify(ADMIN_NOTICES.authenticationFailed, 'error');
      }
      input.current?.focus();
    }
  }

  return (
    <section className={styles.gate} aria-labelledby={`${id}-title`}>
      <div className={styles.gateMark} aria-hidden="true">
        <svg
          viewBox="0 0 24 24"
          width="28"
          height="28"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
          <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
        </svg>
      </div>
      <h2 id={`${id}-title`} className={styles.gateTitle}>
        {ADMIN_LABELS.gateTitle}
      </h2>
      <p className={styles.muted}>{ADMIN_LABELS.gateIntro}</p>
      {!configured && (
        <div className={styles.callout} data-tone="error">
          <strong>{ADMIN_NOTICES.notConfigured.text}</strong> {ADMIN_LABELS.notConfiguredHelp}
        </div>
      )}
      <form className={styles.gateForm} onSubmit={onSubmit} noValidate aria-busy={submitting}>
        {/* Lets password managers file the key under this site's "admin" entry. */}
        <input type="text" name="username" autoComplete="username" value="admin" readOnly hidden />
        <label className={styles.label} htmlFor={`${id}-key`}>
          {ADMIN_LABELS.keyLabel}
        </label>
        <input
          ref={input}
          id={`${id}-key`}
          className={styles.input}
          type="password"
          name="key"
          autoComplete="current-password"
          spellCheck={false}
          autoCapitalize="none"
          required
          disabled={!configured}
          aria-invalid={invalid || undefined}
          aria-describedby={demoKey ? `${id}-hint` : undefined}
          onInput={() => setInvalid(false)}
        />
        <button type="submit" className={`button ${styles.gateSubmit}`} disabled={submitting || !configured}>
          {submitting ? ADMIN_LABELS.submitting : ADMIN_LABELS.submit}
        </button>
      </form>
      {demoKey && (
        <p id={`${id}-hint`} className={styles.hint}>
          {ADMIN_LABELS.demoHint} <code className={styles.code}>{demoKey}</code>
        </p>
      )}
    </section>
  );
}
