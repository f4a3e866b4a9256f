// The Mail view's data: the outbox filtered by status, page by page, and the retry of a failed
// mail (the row shows "Queued" at once; the next read shows what the sender made of it).
import { useCallback, useEffect, useRef, useState } from 'react';
import { ADMIN_NOTICES } from '../../shared/messages/index.ts';
import { MAIL_LABELS, MAIL_STATUS_LABELS } from '../../shared/messages/mail.ts';
import type { MailPage, MailRow, MailStatus } from '../../shared/admin-mail-api.ts';
import { notify } from '../toaster.tsx';
import { isAbort, isAuthError } from './api.ts';
import { fetchMail, retryMail } from './mailApi.ts';
import { notifyOnce } from './notifyOnce.ts';

export interface MailState {
  status: MailStatus | null;
  setStatus: (status: MailStatus | null) => void;
  page: Omit<MailPage, 'rows'> | null;
  rows: MailRow[];
  loading: boolean;
  loadingMore: boolean;
  failed: boolean;
  retrying: string | null;
  reload: () => void;
  loadMore: () => void;
  retry: (id: string) => void;
}

export function useMail(onDenied: () => void): MailState {
  const [status, setStatus] = useState<MailStatus | null>(null);
  const [version, setVersion] = useState(0);
  const [page, setPage] = useState<Omit<MailPage, 'rows'> | null>(null);
  const [rows, setRows] = useState<MailRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const [failed, setFailed] = useState(false);
  const [retrying, setRetrying] = useState<string | null>(null);

  // The latest callback, without making every read depend on the parent's renders.
  const denied = useRef(onDenied);
  useEffect(() => {
    denied.current = onDenied;
  }, [onDenied]);

  const fail = useCallback((err: unknown) => {
    if (isAuthError(err)) {
      notifyOnce(ADMIN_NOTICES.sessionRequired);
      denied.current();
    } else {
      setFailed(true);
      notifyOnce(ADMIN_NOTICES.fetchFailed);
    }
  }, []);

  useEffect(() => {
    const abort = new AbortController();
    setLoading(true);
    fetchMail({ status }, abort.signal).then(
      ({ rows: first, ...rest }) => {
        setRows(first);
        setPage(rest);
        setFailed(false);
        setLoading(false);
      },
      (err: unknown) => {
        if (abort.signal.aborted || isAbort(err)) return;
        setLoading(false);
        fail(err);
      },
    );
    return () => abort.abort();
  }, [status, version, fail]);

  async function loadMore() {
    if (!page?.nextCursor || loadingMore) return;
    setLoadingMore(true);
    try {
      const { rows: more, ...rest } = await fetchMail({ status, before: page.nextCursor });
      setRows((shown) => [...shown, ...more]);
      setPage(rest);
    } catch (err) {
      fail(err);
    } finally {
      setLoadingMore(false);
    }
  }

  async function retry(id: string) {
    if (retrying) return;
    setRetrying(id);
    try {
      await retryMail(id);
      setRows((shown) => shown.map((row) => (row.id === id ? { ...row, status: 'queued', attempts: 0 } : row)));
      notify({ title: MAIL_STATUS_LABELS.queued, text: MAIL_LABELS.retried }, 'success');
    } catch (err) {
      if (isAuthError(err)) fail(err);
      else notify({ title: MAIL_LABELS.retry, text: MAIL_LABELS.retryFailed }, 'error');
    } finally {
      setRetrying(null);
    }
  }

  return {
    status,
    setStatus,
    page,
    rows,
    loading,
    loadingMore,
    failed,
    retrying,
    reload: () => setVersion((v) => v + 1),
    loadMore: () => void loadMore(),
    retry: (id) => void retry(id),
  };
}
