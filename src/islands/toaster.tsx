// The page's one toaster, shared by every form island: mounted lazily by whichever island
// hydrates first (a page without a form, or before a reader reaches one, loads nothing).
// Toasts show a title and a text; failures are destructive (red). Screen readers hear them
// through two live regions that exist before any message, which is what makes announcements
// reliable (a region inserted together with its text is often not read).
import { createRoot } from 'react-dom/client';
import toast, { Toaster, type Toast } from 'react-hot-toast';
import { NOTICE_TEXT, type Notice } from '../shared/messages/index.ts';
import type { Tone } from '../shared/form-notices.ts';
import styles from './forms.module.css';

let regions: { polite: HTMLElement; assertive: HTMLElement } | undefined;

function liveRegion(role: 'status' | 'alert'): HTMLElement {
  const el = document.createElement('div');
  el.setAttribute('role', role);
  el.setAttribute('aria-live', role === 'alert' ? 'assertive' : 'polite');
  el.setAttribute('aria-atomic', 'true');
  el.className = 'visually-hidden'; // the site-wide class in src/styles/global.css
  return el;
}

export function mountToaster(): void {
  if (regions || typeof document === 'undefined') return;
  const host = document.createElement('div');
  host.dataset.toaster = '';
  const polite = liveRegion('status');
  const assertive = liveRegion('alert');
  const toasts = document.createElement('div');
  host.append(polite, assertive, toasts);
  document.body.append(host);
  createRoot(toasts).render(<Toaster position="bottom-right" containerStyle={{ zIndex: 300 }} gutter={10} />);
  regions = { polite, assertive };
}

function ToastCard({ t, notice, tone }: { t: Toast; notice: Notice; tone: Tone }) {
  return (
    // The visual card is not a live region: the regions above announce it once.
    <div className={styles.toast} data-toast={tone} data-tone={tone} data-visible={t.visible}>
      <div className={styles.toastBody}>
        <p className={styles.toastTitle}>{notice.title}</p>
        <p className={styles.toastText}>{notice.text}</p>
      </div>
      <button
        type="button"
        className={styles.toastClose}
        aria-label={NOTICE_TEXT.dismiss}
        onClick={() => toast.dismiss(t.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

// The error toasts still on screen: any newer toast replaces them, so a success never sits under
// the stale errors the reader has since fixed (and one error does not pile on another).
const errorToasts = new Set<string>();

/** Shows `notice` as a toast and announces it (politely for success, assertively for failure). */
export function notify(notice: Notice, tone: Tone): void {
  mountToaster();
  for (const id of errorToasts) toast.dismiss(id);
  errorToasts.clear();
  const id = toast.custom((t) => <ToastCard t={t} notice={notice} tone={tone} />, {
    duration: tone === 'error' ? 7000 : 5000,
  });
  if (tone === 'error') errorToasts.add(id);
  const region = tone === 'error' ? regions!.assertive : regions!.polite;
  const sentence = /[.!?]$/.test(notice.title) ? `${notice.title} ${notice.text}` : `${notice.title}. ${notice.text}`;
  // Clearing first makes a repeated message (the same error twice) be read again.
  region.textContent = '';
  window.setTimeout(() => (region.textContent = sentence), 60);
}
