// What to tell the owner when a Send view request fails.
import type { Notice } from '../../shared/messages/index.ts';
import { ANNOUNCEMENT_TOASTS } from '../../shared/messages/announcements.ts';
import { ApiError } from './api.ts';

/** The server's own words for a refused request (its 4xx body), else ours. */
export function noticeFor(err: unknown, fallback: Notice = ANNOUNCEMENT_TOASTS.failed): Notice {
  if (err instanceof ApiError) {
    if (err.notice) return err.notice;
    if (err.status === 0) return ANNOUNCEMENT_TOASTS.unreachable;
  }
  return fallback;
}
