// The core both form islands (ContactForm, SignupForm) are built on: the submit skeleton, the
// honeypot, the e-mail input's hints and the no-JavaScript notices.
import { useEffect, useRef, useState, useSyncExternalStore, type Ref, type RefObject, type SubmitEvent } from 'react';
import { HONEYPOT_FIELD, type Validation } from '../shared/form-schemas.ts';
import { isSameSitePath } from '../shared/source-page.ts';
import type { FormNotice, Outcome } from '../shared/form-notices.ts';
import { LABELS, PROBLEMS, type Notice } from '../shared/messages/index.ts';
import { mountToaster, notify } from './toaster.tsx';
import { postJson, type SubmitResult } from './submit.ts';
import styles from './forms.module.css';

const noop = () => () => undefined;

/**
 * False in the server render and while hydrating, true once React runs the form. Until then the
 * form is a plain HTML form: the browser's own checks (required, type=email) and a normal post.
 */
/** The e-mail input's browser hints, the same in every form: no autocorrect, the e-mail keyboard. */
export const EMAIL_INPUT = {
  type: 'email',
  autoComplete: 'email',
  inputMode: 'email',
  spellCheck: false,
} as const;

export function useEnhanced(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

/** The page the reader is on (source_page is the current path). */
export function currentPath(fallback: string): string {
  const path = typeof location === 'undefined' ? fallback : location.pathname;
  return isSameSitePath(path) ? path : fallback;
}

/**
 * A focused button that gets disabled while the form sends drops the focus to <body>, which
 * leaves a keyboard reader at the top of the page: give it back once the button is enabled again
 * (in an effect, so the DOM already has it enabled). A reader who moved on keeps their place.
 */
export function useFocusAfterSubmit(submitting: boolean, button: RefObject<HTMLButtonElement | null>): void {
  const wasSubmitting = useRef(false);
  useEffect(() => {
    if (submitting) {
      wasSubmitting.current = true;
      return;
    }
    if (!wasSubmitting.current) return;
    wasSubmitting.current = false;
    if (document.activeElement === document.body || document.activeElement === null) button.current?.focus();
  }, [submitting, button]);
}

/** The honeypot field: off-screen, out of the tab order and hidden from assistive technology. */
export function Honeypot({ id, inputRef }: { id: string; inputRef: Ref<HTMLInputElement> }) {
  return (
    <div className={styles.trap} aria-hidden="true">
      <label htmlFor={id}>{LABELS.honeypot}</label>
      <input
        ref={inputRef}
        id={id}
        type="text"
        name={HONEYPOT_FIELD}
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}

/** The problem of one field, under it (the field names it with aria-describedby). */
export function FieldError({ id, problem }: { id: string; problem: Notice | undefined }) {
  return problem ? (
    <p id={id} className={styles.fieldError} data-field-error>
      {problem.text}
    </p>
  ) : null;
}

/**
 * Every notice of a form, hidden; CSS :target shows the one a plain post's redirect names. After
 * the reader sends the form with JavaScript, toasts take over and these stay hidden.
 */
export function Notices({
  notices,
  idFor,
  dismissed,
}: {
  notices: FormNotice[];
  idFor: (outcome: Outcome) => string;
  dismissed: boolean;
}) {
  return (
    <div>
      {notices.map(({ outcome, tone, notice, lead }) => (
        <div
          key={outcome}
          id={idFor(outcome)}
          className={styles.notice}
          data-notice={outcome}
          data-tone={tone}
          data-dismissed={dismissed || undefined}
          tabIndex={-1}
        >
          {lead ? (
            <>
              <strong className={styles.noticeLead}>{lead.title}</strong> {lead.text}
              <span className={styles.noticeMore}>
                <strong>{notice.title}</strong> {notice.text}
              </span>
            </>
          ) : (
            <>
              <strong className={styles.noticeTitle}>{notice.title}</strong> {notice.text}
            </>
          )}
        </div>
      ))}
    </div>
  );
}

/**
 * The submit skeleton of a form island: one request at a time; the form's values checked with the
 * shared schema first (when that fails nothing is sent: the problem's toast, and `onInvalid` marks
 * and focuses the field); then the data posted as JSON to `url` and the answer handed to
 * `onResult`. `sent` turns the no-JavaScript notices off once the reader has used the form.
 */
export function useFormSubmit<T>({
  url,
  validate,
  onInvalid,
  onResult,
}: {
  url: string;
  validate: () => Validation<T>;
  /** The field the problem is in (if any) and the problem, to show beside that field. */
  onInvalid: (field: string | undefined, problem: Notice) => void;
  onResult: (result: SubmitResult) => void;
}) {
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useFocusAfterSubmit(submitting, button);
  useEffect(mountToaster, []);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setSent(true);
    const checked = validate();
    if (!checked.ok) {
      notify(PROBLEMS[checked.problem], 'error');
      onInvalid(checked.field, PROBLEMS[checked.problem]);
      return;
    }
    setSubmitting(true);
    const result = await postJson(url, checked.data);
    setSubmitting(false);
    onResult(result);
  }

  return { submitting, sent, button, onSubmit };
}
