// The contact form on /contact: name, e-mail, optional subject and a 6-row message. A plain form
// posting to /api/contact at build time; hydrated, it validates with the shared schema, shows
// 'Sending...' and the spec's toasts, clears itself on success and keeps everything on failure.
import { useRef, useState, type ReactNode } from 'react';
import { CONTACT, LABELS } from '../shared/messages/index.ts';
import { FIELD_LIMITS, HONEYPOT_FIELD, validateContact } from '../shared/form-schemas.ts';
import { contactFragment, contactNotices } from '../shared/form-notices.ts';
import { notify } from './toaster.tsx';
import { EMAIL_INPUT, FieldError, Honeypot, Notices, currentPath, useEnhanced, useFormSubmit } from './form-parts.tsx';
import type { Notice } from '../shared/messages/index.ts';
import styles from './forms.module.css';

type FieldName = 'name' | 'email' | 'subject' | 'message';

interface Props {
  sourcePage: string;
}

/** A labelled field; optional ones say so in the label, required ones carry a visual asterisk. */
function Field({
  name,
  label,
  required,
  problem,
  children,
}: {
  name: FieldName;
  label: string;
  required: boolean;
  /** The problem to show under the field, after a send that stopped on it. */
  problem?: Notice | undefined;
  children: ReactNode;
}) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={`contact-${name}`}>
        {label}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        ) : (
          <span className={styles.optional}> ({LABELS.optional})</span>
        )}
      </label>
      {children}
      <FieldError id={`contact-${name}-error`} problem={problem} />
    </div>
  );
}

export default function ContactForm({ sourcePage }: Props) {
  const enhanced = useEnhanced();
  const [invalid, setInvalid] = useState<{ field: FieldName; problem: Notice } | undefined>();
  const form = useRef<HTMLFormElement>(null);
  const trap = useRef<HTMLInputElement>(null);

  const value = (name: FieldName) => (form.current?.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
  const focus = (name: FieldName) => (form.current?.elements.namedItem(name) as HTMLInputElement | null)?.focus();

  const { submitting, sent, button, onSubmit } = useFormSubmit({
    url: '/api/contact',
    validate: () => {
      setInvalid(undefined);
      return validateContact({
        name: value('name'),
        email: value('email'),
        subject: value('subject'),
        message: value('message'),
        source_page: currentPath(sourcePage),
        [HONEYPOT_FIELD]: trap.current?.value ?? '',
      });
    },
    onInvalid: (invalidField, problem) => {
      const field = (['name', 'email', 'subject', 'message'] as const).find((f) => f === invalidField);
      setInvalid(field && { field, problem });
      if (field) focus(field);
    },
    onResult: (result) => {
      if (result.kind === 'ok') {
        form.current?.reset();
        notify(CONTACT.success, 'success');
      } else if (result.kind === 'rejected') {
        notify(result.notice, 'error');
      } else {
        // any failure to store reads the same.
        notify(CONTACT.failure, 'error');
      }
    },
  });

  /** What every field shares: id, name, length limit, and the invalid mark its input clears. */
  const fieldProps = (name: FieldName) => ({
    className: styles.input,
    id: `contact-${name}`,
    name,
    maxLength: FIELD_LIMITS[name],
    defaultValue: '',
    'aria-invalid': invalid?.field === name || undefined,
    'aria-describedby': invalid?.field === name ? `contact-${name}-error` : undefined,
    onInput: () => setInvalid((current) => (current?.field === name ? undefined : current)),
  });

  return (
    <div className={styles.wrap}>
      <form
        ref={form}
        className={styles.form}
        data-theme="light"
        data-contact-form=""
        method="post"
        action="/api/contact"
        noValidate={enhanced}
        aria-busy={submitting}
        onSubmit={onSubmit}
      >
        <input type="hidden" name="source_page" value={sourcePage} />
        <Field
          name="name"
          label={LABELS.name}
          required
          problem={invalid?.field === 'name' ? invalid.problem : undefined}
        >
          <input {...fieldProps('name')} type="text" autoComplete="name" required />
        </Field>
        <Field
          name="email"
          label={LABELS.email}
          required
          problem={invalid?.field === 'email' ? invalid.problem : undefined}
        >
          <input {...fieldProps('email')} {...EMAIL_INPUT} required />
        </Field>
        <Field
          name="subject"
          label={LABELS.subject}
          required={false}
          problem={invalid?.field === 'subject' ? invalid.problem : undefined}
        >
          <input {...fieldProps('subject')} type="text" />
        </Field>
        <Field
          name="message"
          label={LABELS.message}
          required
          problem={invalid?.field === 'message' ? invalid.problem : undefined}
        >
          <textarea {...fieldProps('message')} rows={6} required />
        </Field>
        <Honeypot id="contact-website" inputRef={trap} />
        <div className={styles.actions}>
          <button ref={button} type="submit" className={`button ${styles.submit}`} disabled={submitting}>
            {submitting ? CONTACT.submitting : CONTACT.button}
          </button>
        </div>
      </form>
      <Notices notices={contactNotices()} idFor={contactFragment} dismissed={sent} />
    </div>
  );
}
