// The e-mail as the server renders it (HTML and text, with a sample unsubscribe link), made again
// a moment after the owner stops typing; an older request still under way is dropped.
import { useEffect, useRef, useState } from 'react';
import type { AnnouncementDraft } from '../../shared/announcement-api.ts';
import { ANNOUNCEMENT_LABELS as L } from '../../shared/messages/announcements.ts';
import { isAbort, isAuthError } from './api.ts';
import { previewAnnouncement, type AnnouncementPreview } from './announcementApi.ts';
import { useDebounced } from './useDebounced.ts';
import { noticeFor } from './noticeFor.ts';

export const PREVIEW_DEBOUNCE_MS = 400;

export interface PreviewState {
  preview: AnnouncementPreview | null;
  loading: boolean;
  /** Why the last preview could not be made (the server's words for a 4xx), or null. */
  error: string | null;
}

/** `draft` null: nothing to show yet (no article and no note, or no subject). */
export function usePreview(draft: AnnouncementDraft | null, onDenied: () => void): PreviewState {
  const current = draft ? JSON.stringify(draft) : '';
  const key = useDebounced(current, PREVIEW_DEBOUNCE_MS);
  const [state, setState] = useState<PreviewState>({ preview: null, loading: false, error: null });
  const denied = useRef(onDenied);
  useEffect(() => {
    denied.current = onDenied;
  }, [onDenied]);

  useEffect(() => {
    if (!key) {
      setState({ preview: null, loading: false, error: null });
      return;
    }
    const abort = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    previewAnnouncement(JSON.parse(key) as AnnouncementDraft, abort.signal).then(
      (preview) => setState({ preview, loading: false, error: null }),
      (err: unknown) => {
        if (abort.signal.aborted || isAbort(err)) return;
        if (isAuthError(err)) denied.current();
        setState((s) => ({ ...s, loading: false, error: noticeFor(err, { title: '', text: L.previewFailed }).text }));
      },
    );
    return () => abort.abort();
  }, [key]);

  // Still typing (the debounce has not caught up): an update is coming, not "nothing to show".
  return current !== key && current ? { ...state, loading: true } : state;
}
