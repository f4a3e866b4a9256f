import type { Notice } from '../../shared/messages/index.ts';
import { notify } from '../toaster.tsx';

/** How long the same failure stays one toast. */
const WINDOW_MS = 2000;
const recent = new Map<string, number>();

/** An error toast, shown once however many parallel reads fail with it at the same time. */
export function notifyOnce(notice: Notice): void {
  const key = `${notice.title}\n${notice.text}`;
  const now = Date.now();
  if (now - (recent.get(key) ?? 0) < WINDOW_MS) return;
  recent.set(key, now);
  notify(notice, 'error');
}
