// The Readership numbers for the chosen period, read when the view opens, again when the period
// changes, and on "Try again". The last answer stays on screen while a new one is read, as in
// the Insights view (../useInsights.ts).
import { useEffect, useRef, useState } from 'react';
import { ADMIN_NOTICES } from '../../../shared/messages/index.ts';
import type { Readership, ReadershipPeriod } from '../../../shared/readership-api.ts';
import { isAbort, isAuthError } from '../api.ts';
import { notifyOnce } from '../notifyOnce.ts';
import { fetchReadership } from './api.ts';

export interface ReadershipState {
  data: Readership | null;
  loading: boolean;
  failed: boolean;
  refresh: () => void;
}

export function useReadership(days: ReadershipPeriod, onDenied: () => void): ReadershipState {
  const [version, setVersion] = useState(0);
  const [data, setData] = useState<Readership | null>(null);
  const [answered, setAnswered] = useState<{ days: ReadershipPeriod; version: number; ok: boolean } | null>(null);
  // The latest callback, without making a new one read again.
  const denied = useRef(onDenied);
  useEffect(() => {
    denied.current = onDenied;
  });

  useEffect(() => {
    const abort = new AbortController();
    fetchReadership(days, abort.signal).then(
      (answer) => {
        setData(answer);
        setAnswered({ days, version, ok: true });
      },
      (err: unknown) => {
        if (abort.signal.aborted || isAbort(err)) return;
        setAnswered({ days, version, ok: false });
        if (isAuthError(err)) denied.current();
        else notifyOnce(ADMIN_NOTICES.fetchFailed);
      },
    );
    return () => abort.abort();
  }, [days, version]);

  const done = answered !== null && answered.days === days && answered.version === version;
  return { data, loading: !done, failed: done && !answered.ok, refresh: () => setVersion((v) => v + 1) };
}
