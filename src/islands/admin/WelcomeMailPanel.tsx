// The welcome e-mail's settings in the Mail view (server/subscriptions/welcome.ts): on or off, and
// its words (the default shown until the owner writes their own). Collapsed until opened, so the
// outbox below stays the view's first content; its data loads only when opened.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { WELCOME_BODY_MAX, WELCOME_LABELS as L } from '../../shared/messages/welcome.ts';
import { WELCOME_MAIL_API, type WelcomeSettings } from '../../shared/welcome-mail-api.ts';
import { apiFetch, isAuthError } from './api.ts';
import { notify } from '../toaster.tsx';
import styles from './mail.module.css';
import send from './send.module.css';
import admin from './admin.module.css';

export default function WelcomeMailPanel({ onDenied }: { onDenied: () => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [settings, setSettings] = useState<WelcomeSettings | null>(null);
  const [enabled, setEnabled] = useState(true);
  const [body, setBody] = useState('');
  const [saving, setSaving] = useState(false);

  const show = (s: WelcomeSettings) => {
    setSettings(s);
    setEnabled(s.enabled);
    setBody(s.body ?? s.defaultBody);
  };

  useEffect(() => {
    if (!open || settings) return;
    const abort = new AbortController();
    apiFetch(WELCOME_MAIL_API, { signal: abort.signal })
      .then(async (res) => show((await res.json()) as WelcomeSettings))
      .catch((err: unknown) => {
        if (isAuthError(err)) onDenied();
        else if (!abort.signal.aborted) notify(L.failed, 'error');
      });
    return () => abort.abort();
  }, [open, settings, onDenied]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const res = await apiFetch(WELCOME_MAIL_API, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ enabled, body: body.trim() ? body : null }),
      });
      show((await res.json()) as WelcomeSettings);
      notify(L.saved, 'success');
    } catch (err) {
      if (isAuthError(err)) onDenied();
      else notify(L.failed, 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <details className={styles.notice} data-welcome-mail onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className={styles.noticeTitle}>{L.title}</summary>
      {!settings ? (
        <p className={styles.hint}>{L.loading}</p>
      ) : (
        <form className={send.field} onSubmit={save}>
          <p className={styles.hint}>{L.hint}</p>
          <label className={styles.filter}>
            <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
            <span>{L.enabled}</span>
          </label>
          <label htmlFor={`${id}-body`} className={admin.label}>
            {L.body}
          </label>
          <textarea
            id={`${id}-body`}
            className={send.control}
            rows={8}
            maxLength={WELCOME_BODY_MAX}
            value={body}
            disabled={!enabled}
            onChange={(e) => setBody(e.target.value)}
          />
          <div className={styles.actions}>
            <button type="submit" className={`button ${admin.small}`} disabled={saving} aria-busy={saving}>
              {saving ? L.saving : L.save}
            </button>
            <button
              type="button"
              className={`button button--ghost ${admin.small}`}
              onClick={() => setBody(settings.defaultBody)}
              disabled={!enabled}
            >
              {L.reset}
            </button>
          </div>
        </form>
      )}
    </details>
  );
}
