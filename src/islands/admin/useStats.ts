// The stat cards' numbers: read at the start and again whenever a deletion changes them.
import { useEffect, useState } from 'react';
import { ADMIN_NOTICES } from '../../shared/messages/index.ts';
import type { Stats } from '../../shared/admin-api.ts';
import { fetchStats, isAbort, isAuthError } from './api.ts';
import { notifyOnce } from './notifyOnce.ts';

export interface StatsState {
  /** null until the first answer (and for good if it never comes: the cards show dashes). */
  stats: Stats | null;
  /** Reads the numbers again. */
  refresh: () => void;
}

export function useStats(): StatsState {
  const [version, setVersion] = useState(0);
  const [stats, setStats] = useState<Stats | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    fetchStats(abort.signal).then(
      (value) => setStats(value),
      (err: unknown) => {
        if (abort.signal.aborted || isAbort(err)) return;
        // A lost session is reported by the lists' reads: their toasts name what was refused.
        if (isAuthError(err)) return;
        notifyOnce(ADMIN_NOTICES.fetchFailed);
      },
    );
    return () => abort.abort();
  }, [version]);

  return { stats, refresh: () => setVersion((v) => v + 1) };
}
