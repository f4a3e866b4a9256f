// The Send view's list: the articles to pick from and every announcement with its progress. While
// one is sending, each sending one is read again every POLL_MS (and nothing is polled when none
// is), so its counts move without a reload; pause, resume and cancel answer the new state.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ADMIN_NOTICES } from '../../shared/messages/index.ts';
import { ANNOUNCEMENT_TOASTS } from '../../shared/messages/announcements.ts';
import { notify } from '../toaster.tsx';
import { isAbort, isAuthError } from './api.ts';
import {
  controlAnnouncement,
  fetchAnnouncement,
  fetchAnnouncements,
  type AnnouncementControl,
  type AnnouncementListing,
  type AnnouncementRow,
} from './announcementApi.ts';
import { noticeFor } from './noticeFor.ts';
import { notifyOnce } from './notifyOnce.ts';
import { POLL_MS } from './sendPolling.ts';

export interface AnnouncementsState {
  listing: AnnouncementListing | null;
  loading: boolean;
  failed: boolean;
  reload: () => void;
  /** Puts a row the server answered into the list (new ones first). */
  upsert: (row: AnnouncementRow) => void;
  /** The id and action under way, if any. */
  busy: { id: string; action: AnnouncementControl } | null;
  control: (id: string, action: AnnouncementControl) => Promise<void>;
}

const CONTROL_TOASTS = {
  pause: ANNOUNCEMENT_TOASTS.paused,
  resume: ANNOUNCEMENT_TOASTS.resumed,
  cancel: ANNOUNCEMENT_TOASTS.cancelled,
} as const;

/**
 * `onSettled` runs when an announcement stops sending (done or cancelled): a bounce may have left
 * the audience smaller.
 */
export function useAnnouncements(onDenied: () => void, onSettled: () => void): AnnouncementsState {
  const [listing, setListing] = useState<AnnouncementListing | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState<AnnouncementsState['busy']>(null);

  // The latest callbacks, without making every read depend on the parent's renders.
  const callbacks = useRef({ onDenied, onSettled });
  useEffect(() => {
    callbacks.current = { onDenied, onSettled };
  }, [onDenied, onSettled]);

  const deny = useCallback(() => {
    notifyOnce(ADMIN_NOTICES.sessionRequired);
    callbacks.current.onDenied();
  }, []);

  useEffect(() => {
    const abort = new AbortController();
    setLoading(true);
    fetchAnnouncements(abort.signal).then(
      (answer) => {
        setListing(answer);
        setFailed(false);
        setLoading(false);
      },
      (err: unknown) => {
        if (abort.signal.aborted || isAbort(err)) return;
        setLoading(false);
        if (isAuthError(err)) return deny();
        setFailed(true);
        notifyOnce(ADMIN_NOTICES.fetchFailed);
      },
    );
    return () => abort.abort();
  }, [version, deny]);

  const upsert = useCallback((row: AnnouncementRow) => {
    setListing((shown) => {
      if (!shown) return shown;
      const known = shown.history.some((h) => h.id === row.id);
      const history = known ? shown.history.map((h) => (h.id === row.id ? row : h)) : [row, ...shown.history];
      return { ...shown, history };
    });
  }, []);

  // The ids being sent, as one string: the polling restarts only when that set changes.
  const sending = (listing?.history ?? [])
    .filter((h) => h.status === 'sending')
    .map((h) => h.id)
    .join(',');

  useEffect(() => {
    if (!sending) return;
    const ids = sending.split(',');
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const rows = await Promise.all(ids.map((id) => fetchAnnouncement(id, abort.signal)));
        if (abort.signal.aborted) return;
        rows.forEach(upsert);
        if (rows.some((row) => row.status !== 'sending')) callbacks.current.onSettled();
      } catch (err) {
        if (abort.signal.aborted || isAbort(err)) return;
        if (isAuthError(err)) return deny();
        // A missed read is shown nowhere: the next one catches up.
      }
      if (!abort.signal.aborted) timer = setTimeout(() => void poll(), POLL_MS);
    };
    timer = setTimeout(() => void poll(), POLL_MS);
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [sending, upsert, deny]);

  async function control(id: string, action: AnnouncementControl) {
    if (busy) return;
    setBusy({ id, action });
    try {
      const row = await controlAnnouncement(id, action);
      upsert(row);
      notify(CONTROL_TOASTS[action], 'success');
      if (action === 'cancel') callbacks.current.onSettled();
    } catch (err) {
      if (isAuthError(err)) deny();
      else {
        notify(noticeFor(err), 'error');
        // The state changed elsewhere (409): show what it is now.
        fetchAnnouncement(id).then(upsert, () => undefined);
      }
    } finally {
      setBusy(null);
    }
  }

  return {
    listing,
    loading,
    failed,
    reload: () => setVersion((v) => v + 1),
    upsert,
    busy,
    control,
  };
}
