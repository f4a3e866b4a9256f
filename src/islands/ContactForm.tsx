// The contact form on /contact: name, e-mail, optional subject and a 6-row message. A plain form
// posting to /api/contact at build time; hydrated, it validates with the shared schema, shows
// 'Sending...' and the spec's toasts, clears itself on success and keeps everything on failure.
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { CONTACT, LABELS, PROBLEMS } from '../shared/messages.ts';
import { FIELD_LIMITS, validateContact } from '../shared/form-schemas.ts';
import { contactFragment, contactNotices } from '../shared/form-notices.ts';
import { mountToaster, notify } from './toaster.tsx';
import { postJson } from './submit.ts';
import { Honeypot, Notices, currentPath, useEnhanced, useFocusAfterSubmit } from './shared.tsx';
import styles from './forms.module.css';

type Field = 'name' | 'email' | 'subject' | 'message';

interface Props {
  sourcePage: string;
}

function Label({ htmlFor, text, required }: { htmlFor: string; text: string; required: boolean }) {
  return (
    <label className={styles.label} htmlFor={htmlFor}>
      {text}
      {required ? (
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      ) : (
        <span className={styles.optional}> ({LABELS.optional})</span>
      )}
    </label>
  );
}

export default function ContactForm({ sourcePage }: Props) {
  const enhanced = useEnhanced();
  const [submitting, setSubmitting] = useState(false);
  const [invalid, setInvalid] = useState<Field | undefined>();
  const [sent, setSent] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const trap = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useFocusAfterSubmit(submitting, button);

  useEffect(mountToaster, []);

  const value = (name: Field) => (form.current?.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
  const focus = (name: Field) => (form.current?.elements.namedItem(name) as HTMLInputElement | null)?.focus();

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

  const invalidProps = (name: Field) => ({
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
        <div className={styles.field}>
          <Label htmlFor="contact-name" text={LABELS.name} required />
          <input
            className={styles.input}
            id="contact-name"
            name="name"
            type="text"
            autoComplete="name"
            maxLength={FIELD_LIMITS.name}
            required
            defaultValue=""
            {...invalidProps('name')}
          />
        </div>
        <div className={styles.field}>
          <Label htmlFor="contact-email" text={LABELS.email} required />
          <input
            className={styles.input}
            id="contact-email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            maxLength={FIELD_LIMITS.email}
            required
            defaultValue=""
            {...invalidProps('email')}
          />
        </div>
        <div className={styles.field}>
          <Label htmlFor="contact-subject" text={LABELS.subject} required={false} />
          <input
            className={styles.input}
            id="contact-subject"
            name="subject"
            type="text"
            maxLength={FIELD_LIMITS.subject}
            defaultValue=""
            {...invalidProps('subject')}
          />
        </div>
        <div className={styles.field}>
          <Label htmlFor="contact-message" text={LABELS.message} required />
          <textarea
            className={styles.input}
            id="contact-message"
            name="message"
            rows={6}
            maxLength={FIELD_LIMITS.message}
            required
            defaultValue=""
            {...invalidProps('message')}
          />
        </div>
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
