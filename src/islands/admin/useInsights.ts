// The Insights view's numbers for the chosen period, read when the dashboard opens (the stat cards
// show the period's growth) and again when the period changes or an entry is deleted. The last
// answer stays on screen while a new one is read, so nothing jumps.
import { useEffect, useState } from 'react';
import { ADMIN_NOTICES } from '../../shared/messages/index.ts';
import type { Insights, InsightsPeriod } from '../../shared/admin-api.ts';
import { fetchInsights, isAbort, isAuthError } from './api.ts';
import { notifyOnce } from './notifyOnce.ts';

interface Answer {
  /** What was asked: the period, and the how-many-th read. */
  days: InsightsPeriod;
  version: number;
  insights: Insights | null;
}

export interface InsightsState {
  /** The latest answer (perhaps for another period while `loading`); null until the first. */
  insights: Insights | null;
  /** The period the shown answer is for. */
  days: InsightsPeriod | null;
  /** A read for the chosen period is under way. */
  loading: boolean;
  /** The last read failed: the view offers to try again. */
  failed: boolean;
  /** Reads the numbers again (after a deletion, or to retry). */
  refresh: () => void;
}

export function useInsights(days: InsightsPeriod): InsightsState {
  const [version, setVersion] = useState(0);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [shown, setShown] = useState<{ insights: Insights; days: InsightsPeriod } | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    fetchInsights(days, abort.signal).then(
      (insights) => {
        setAnswer({ days, version, insights });
        setShown({ insights, days });
      },
      (err: unknown) => {
        if (abort.signal.aborted || isAbort(err)) return;
        setAnswer({ days, version, insights: null });
        // A lost session is reported by the lists' reads: their toasts name what was refused.
        if (!isAuthError(err)) notifyOnce(ADMIN_NOTICES.fetchFailed);
      },
    );
    return () => abort.abort();
  }, [days, version]);

  const answered = answer !== null && answer.days === days && answer.version === version;
  return {
    insights: shown?.insights ?? null,
    days: shown?.days ?? null,
    loading: !answered,
    failed: answered && answer.insights === null,
    refresh: () => setVersion((v) => v + 1),
  };
}
