// The live count of readers an announcement would reach: confirmed subscribers of the chosen
// lists, each address once, bounced ones left out, and for an article the readers who already got it
// (the server counts; docs/announcements.md).
// Read again when the lists change and when `version` moves (an announcement finished: a bounce
// may have taken an address out).
import { useEffect, useRef, useState } from 'react';
import type { SignupType } from '../../shared/messages/index.ts';
import { isAbort, isAuthError } from './api.ts';
import { fetchAudience } from './announcementApi.ts';

export interface AudienceCount {
  count: number | null;
  /** The lists `count` is for, comma-separated. */
  of: string;
  loading: boolean;
  failed: boolean;
}

export function useAudienceCount(
  types: readonly SignupType[],
  sourcePath: string,
  version: number,
  onDenied: () => void,
): AudienceCount {
  const [state, setState] = useState<AudienceCount>({ count: null, of: '', loading: false, failed: false });
  const key = types.join(',');
  // The latest callback, without a new count for every parent render.
  const denied = useRef(onDenied);
  useEffect(() => {
    denied.current = onDenied;
  }, [onDenied]);

  useEffect(() => {
    if (!key) {
      setState({ count: null, of: '', loading: false, failed: false });
      return;
    }
    const abort = new AbortController();
    // No stale number while the new one is counted: the owner acts on what is shown.
    setState({ count: null, of: '', loading: true, failed: false });
    fetchAudience(key.split(',') as SignupType[], sourcePath || undefined, abort.signal).then(
      ({ count }) => setState({ count, of: key, loading: false, failed: false }),
      (err: unknown) => {
        if (abort.signal.aborted || isAbort(err)) return;
        if (isAuthError(err)) denied.current();
        setState({ count: null, of: '', loading: false, failed: true });
      },
    );
    return () => abort.abort();
  }, [key, sourcePath, version]);

  return state;
}
