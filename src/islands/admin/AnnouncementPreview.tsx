// The e-mail as readers will get it: the HTML in a sandboxed iframe (srcdoc, no scripts, no access
// to the dashboard) at a phone's or a desktop client's width, and the plain-text part. The frame
// scrolls sideways inside its own box, so the dashboard itself never does on a phone.
import { useId, useState } from 'react';
import { ANNOUNCEMENT_LABELS as L } from '../../shared/messages/announcements.ts';
import type { PreviewState } from './usePreview.ts';
import admin from './admin.module.css';
import styles from './send.module.css';

/** A common phone's and a desktop mail client's reading width, in CSS pixels. */
export const PREVIEW_WIDTHS = { phone: 375, desktop: 700 } as const;
type Width = keyof typeof PREVIEW_WIDTHS;

/** Links open in a new tab: inside the frame the site's pages refuse to be framed. */
function withBaseTarget(html: string): string {
  const base = '<base target="_blank">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => head + base) : base + html;
}

export function AnnouncementPreview({ state }: { state: PreviewState }) {
  const id = useId();
  const [width, setWidth] = useState<Width>('phone');
  const { preview, loading, error } = state;
  const px = `${PREVIEW_WIDTHS[width]}px`;

  return (
    <section className={styles.preview} aria-labelledby={`${id}-title`} aria-busy={loading} data-preview>
      <div className={styles.previewHead}>
        <h2 id={`${id}-title`} className={styles.sectionTitle}>
          {L.previewTitle}
        </h2>
        <fieldset className={styles.switch}>
          <legend className="visually-hidden">{L.previewWidth}</legend>
          {(Object.keys(PREVIEW_WIDTHS) as Width[]).map((w) => (
            <label key={w} className={styles.switchOption}>
              <input type="radio" name={`${id}-width`} value={w} checked={width === w} onChange={() => setWidth(w)} />
              <span>{w === 'phone' ? L.phone : L.desktop}</span>
            </label>
          ))}
        </fieldset>
      </div>
      <p role="status" className={styles.previewStatus} data-preview-error={error && !loading ? '' : undefined}>
        {loading ? L.previewLoading : (error ?? '')}
      </p>
      {/* A preview of an earlier draft is not shown beside an error about this one. */}
      {preview && !error ? (
        <>
          <p className={styles.previewSubject}>
            <span className={admin.label}>{L.previewSubject}:</span> <span data-preview-subject>{preview.subject}</span>
          </p>
          {/* Focusable: on a screen narrower than the frame, the keyboard scrolls it sideways. */}
          <div className={styles.frameScroll} role="group" aria-label={L.previewFrame(px)} tabIndex={0}>
            <iframe
              className={styles.frame}
              style={{ width: px }}
              title={L.previewFrame(px)}
              // No scripts, no same-origin access; only links may open a new tab.
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              srcDoc={withBaseTarget(preview.html)}
              data-preview-frame={width}
            />
          </div>
          <p className={admin.help}>{L.previewHint}</p>
          <details className={styles.textPart}>
            <summary>{L.previewText}</summary>
            <pre data-preview-text>{preview.text}</pre>
          </details>
        </>
      ) : (
        !loading && !error && <p className={styles.previewEmpty}>{L.previewEmpty}</p>
      )}
    </section>
  );
}
