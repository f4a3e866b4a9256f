// The e-mail sign-up form of every placement: home (Updates), footer (Newsletter), article middle
// (Updates) and article end (Movement). Rendered at build time as a plain form posting to
// /api/signups, so it works before and without JavaScript; once hydrated it validates with the
// shared schema, shows the spec's submitting label and toasts, and clears the e-mail on success.
import { useRef, useState } from 'react';
import {
  LABELS,
  PLACEMENTS,
  DUPLICATE_SIGNUP,
  SIGNUP_FAILURE,
  SIGNUP_FAILURE_FALLBACK,
  type Notice,
  type Placement,
} from '../shared/messages/index.ts';
import { FIELD_LIMITS, HONEYPOT_FIELD, validateSignup } from '../shared/form-schemas.ts';
import { signupFragment, signupNotices } from '../shared/form-notices.ts';
import { NEXT_STEP } from '../shared/messages/subscriptions.ts';
import { notify } from './toaster.tsx';
import type { SubmitResult } from './submit.ts';
import { EMAIL_INPUT, FieldError, Honeypot, Notices, currentPath, useEnhanced, useFormSubmit } from './form-parts.tsx';
import styles from './forms.module.css';

interface Props {
  placement: Placement;
  /** The page's path at build time; the hydrated form sends the live location instead. */
  sourcePage: string;
}

export default function SignupForm({ placement, sourcePage }: Props) {
  const text = PLACEMENTS[placement];
  const enhanced = useEnhanced();
  const [invalid, setInvalid] = useState<Notice | undefined>();
  // After a sign-up that waits for confirmation, the one sentence about the e-mail stays under the
  // form (the toast keeps the spec's text word for word).
  const [awaitingConfirmation, setAwaitingConfirmation] = useState(false);
  const email = useRef<HTMLInputElement>(null);
  const trap = useRef<HTMLInputElement>(null);
  const id = `signup-${placement}`;

  function failure(message?: string): Notice {
    // home and footer show the fixed text; article pages the error's own message.
    return text.failure === 'fixed'
      ? SIGNUP_FAILURE
      : { title: SIGNUP_FAILURE.title, text: message || SIGNUP_FAILURE_FALLBACK };
  }

  const { submitting, sent, button, onSubmit } = useFormSubmit({
    url: '/api/signups',
    validate: () => {
      setInvalid(undefined);
      setAwaitingConfirmation(false);
      return validateSignup({
        // Trimmed before checking and sending; the schema trims.
        email: email.current?.value ?? '',
        signup_type: text.signupType,
        source_page: currentPath(sourcePage),
        [HONEYPOT_FIELD]: trap.current?.value ?? '',
      });
    },
    onInvalid: (field, problem) => {
      setInvalid(field === 'email' ? problem : undefined);
      email.current?.focus();
    },
    onResult,
  });

  function onResult(result: SubmitResult) {
    switch (result.kind) {
      case 'ok':
        if (email.current) email.current.value = '';
        notify(text.success, 'success');
        setAwaitingConfirmation(result.confirmation === true);
        return;
      case 'duplicate':
        notify(DUPLICATE_SIGNUP, 'error');
        // Still pending: its confirmation went again, and the reader is told so beside the toast.
        setAwaitingConfirmation(result.confirmation === true);
        return;
      case 'rejected':
        notify(result.notice, 'error');
        return;
      case 'failed':
        notify(failure(result.message), 'error');
        return;
    }
  }

  return (
    <div className={styles.wrap}>
      <form
        className={styles.form}
        data-theme={placement === 'home' || placement === 'footer' ? 'dark' : 'light'}
        data-signup-form={placement}
        method="post"
        action="/api/signups"
        noValidate={enhanced}
        aria-busy={submitting}
        onSubmit={onSubmit}
      >
        <input type="hidden" name="signup_type" value={text.signupType} />
        <input type="hidden" name="source_page" value={sourcePage} />
        <label className={styles.label} htmlFor={`${id}-email`}>
          {LABELS.email}
        </label>
        <div className={styles.row}>
          <input
            ref={email}
            className={styles.input}
            id={`${id}-email`}
            {...EMAIL_INPUT}
            name="email"
            placeholder={LABELS.emailPlaceholder}
            maxLength={FIELD_LIMITS.email}
            required
            defaultValue=""
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? `${id}-email-error` : undefined}
            onInput={() => setInvalid(undefined)}
          />
          <button ref={button} type="submit" className={`button ${styles.submit}`} disabled={submitting}>
            {submitting ? text.submitting : text.button}
          </button>
        </div>
        <FieldError id={`${id}-email-error`} problem={invalid} />
        <Honeypot id={`${id}-website`} inputRef={trap} />
      </form>
      {/* Under double opt-in the step that is left comes first and plainest; the spec's toast follows. */}
      <p className={styles.status} role="status" data-confirmation-note={placement}>
        {awaitingConfirmation ? (
          <>
            <strong className={styles.statusTitle}>{NEXT_STEP.title}</strong> {NEXT_STEP.text}
          </>
        ) : null}
      </p>
      <Notices
        notices={signupNotices(placement)}
        idFor={(outcome) => signupFragment(text.signupType, outcome)}
        dismissed={sent}
      />
    </div>
  );
}
