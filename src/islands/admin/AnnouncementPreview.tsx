// The e-mail as readers will get it: the HTML in a sandboxed iframe (srcdoc, no scripts, no access
// to the dashboard) at a phone's or a desktop client's width, and the plain-text part. The frame
// keeps that width for its layout and is scaled down to fit its box when the box is narrower, so the
// whole e-mail is in sight (never cut at the right edge) on a phone and beside the form.
import { useId, useState } from 'react';
import { useElementWidth } from './useElementWidth.ts';
import { ANNOUNCEMENT_LABELS as L } from '../../shared/messages/announcements.ts';
import type { PreviewState } from './usePreview.ts';
import admin from './admin.module.css';
import styles from './send.module.css';

/** A common phone's and a desktop mail client's reading width, in CSS pixels. */
export const PREVIEW_WIDTHS = { phone: 375, desktop: 700 } as const;
type Width = keyof typeof PREVIEW_WIDTHS;

/** The frame's height in CSS pixels, before scaling. */
const FRAME_HEIGHT = 640;

/**
 * Links open in a new tab (inside the frame the site's pages refuse to be framed), and the site's
 * own images load from this origin: the e-mail names them at SITE_URL, which the dashboard's CSP
 * (img-src 'self') refuses when the dashboard is open at another address of the same site
 * (127.0.0.1 and localhost, *.netlify.app and the custom domain). A srcdoc frame resolves a path
 * against the dashboard's own address.
 */
export function forPreview(html: string): string {
  const base = '<base target="_blank">';
  const local = html.replace(/(<img\b[^>]*?\bsrc=")https?:\/\/[^"/]+(\/_astro\/)/gi, '$1$2');
  return /<head[^>]*>/i.test(local) ? local.replace(/<head[^>]*>/i, (head) => head + base) : base + local;
}

export function AnnouncementPreview({ state }: { state: PreviewState }) {
  const id = useId();
  const [width, setWidth] = useState<Width>('phone');
  const { preview, loading, error } = state;
  const px = `${PREVIEW_WIDTHS[width]}px`;
  const [measure, room] = useElementWidth<HTMLDivElement>();
  // Scaled only to fit: never enlarged, and full size until the box is measured.
  const scale = room > 0 ? Math.min(1, room / PREVIEW_WIDTHS[width]) : 1;

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
          <div className={styles.frameBox} ref={measure}>
            <div
              className={styles.frameFit}
              role="group"
              aria-label={L.previewFrame(px)}
              style={{
                width: `${Math.floor(PREVIEW_WIDTHS[width] * scale)}px`,
                height: `${Math.ceil(FRAME_HEIGHT * scale)}px`,
              }}
            >
              <iframe
                className={styles.frame}
                style={{
                  width: px,
                  height: `${FRAME_HEIGHT}px`,
                  transform: scale < 1 ? `scale(${scale})` : undefined,
                }}
                title={L.previewFrame(px)}
                // No scripts, no same-origin access; only links may open a new tab.
                sandbox="allow-popups allow-popups-to-escape-sandbox"
                srcDoc={forPreview(preview.html)}
                data-preview-frame={width}
                data-scale={scale.toFixed(3)}
              />
            </div>
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
