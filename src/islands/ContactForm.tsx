// The contact form on /contact: name, e-mail, optional subject and a 6-row message. A plain form
// posting to /api/contact at build time; hydrated, it validates with the shared schema, shows
// 'Sending...' and the spec's toasts, clears itself on success and keeps everything on failure.
import { useEffect, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { CONTACT, LABELS, PROBLEMS } from '../shared/messages/index.ts';
import { FIELD_LIMITS, validateContact } from '../shared/form-schemas.ts';
import { contactFragment, contactNotices } from '../shared/form-notices.ts';
import { mountToaster, notify } from './toaster.tsx';
import { postJson } from './submit.ts';
import { EMAIL_INPUT, Honeypot, Notices, currentPath, useEnhanced, useFocusAfterSubmit } from './shared.tsx';
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
  children,
}: {
  name: FieldName;
  label: string;
  required: boolean;
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
    </div>
  );
}

export default function ContactForm({ sourcePage }: Props) {
  const enhanced = useEnhanced();
  const [submitting, setSubmitting] = useState(false);
  const [invalid, setInvalid] = useState<FieldName | undefined>();
  const [sent, setSent] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const trap = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useFocusAfterSubmit(submitting, button);

  useEffect(mountToaster, []);

  const value = (name: FieldName) => (form.current?.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
  const focus = (name: FieldName) => (form.current?.elements.namedItem(name) as HTMLInputElement | null)?.focus();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setSent(true);
    const checked = validateContact({
      name: value('name'),
      email: value('email'),
      subject: value('subject'),
      message: value('message'),
      source_page: currentPath(sourcePage),
      website: trap.current?.value ?? '',
    });
    if (!checked.ok) {
      const field = (['name', 'email', 'subject', 'message'] as const).find((f) => f === checked.field);
      setInvalid(field);
      notify(PROBLEMS[checked.problem], 'error');
      if (field) focus(field);
      return;
    }
    setInvalid(undefined);
    setSubmitting(true);
    const result = await postJson('/api/contact', checked.data);
    setSubmitting(false);
    if (result.kind === 'ok') {
      form.current?.reset();
      notify(CONTACT.success, 'success');
    } else if (result.kind === 'rejected') {
      notify(result.notice, 'error');
    } else {
      // any failure to store reads the same.
      notify(CONTACT.failure, 'error');
    }
  }

  /** What every field shares: id, name, length limit, and the invalid mark its input clears. */
  const fieldProps = (name: FieldName) => ({
    className: styles.input,
    id: `contact-${name}`,
    name,
    maxLength: FIELD_LIMITS[name],
    defaultValue: '',
    'aria-invalid': invalid === name || undefined,
    onInput: () => setInvalid((current) => (current === name ? undefined : current)),
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
        <Field name="name" label={LABELS.name} required>
          <input {...fieldProps('name')} type="text" autoComplete="name" required />
        </Field>
        <Field name="email" label={LABELS.email} required>
          <input {...fieldProps('email')} {...EMAIL_INPUT} required />
        </Field>
        <Field name="subject" label={LABELS.subject} required={false}>
          <input {...fieldProps('subject')} type="text" />
        </Field>
        <Field name="message" label={LABELS.message} required>
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
