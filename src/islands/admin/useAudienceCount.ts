// The live count of readers an announcement would reach: confirmed subscribers of the chosen
// lists, each address once, bounced ones left out (the server counts; docs/announcements.md).
// Read again when the lists change and when `version` moves (an announcement finished: a bounce
// may have taken an address out).
import { useEffect, useRef, useState } from 'react';
import type { SignupType } from '../../shared/messages/index.ts';
import { isAbort, isAuthError } from './api.ts';
import { fetchAudienceCount } from './announcementApi.ts';

export interface AudienceCount {
  count: number | null;
  loading: boolean;
  failed: boolean;
}

export function useAudienceCount(types: readonly SignupType[], version: number, onDenied: () => void): AudienceCount {
  const [state, setState] = useState<AudienceCount>({ count: null, loading: false, failed: false });
  const key = types.join(',');
  // The latest callback, without a new count for every parent render.
  const denied = useRef(onDenied);
  useEffect(() => {
    denied.current = onDenied;
  }, [onDenied]);

  useEffect(() => {
    if (!key) {
      setState({ count: null, loading: false, failed: false });
      return;
    }
    const abort = new AbortController();
    setState((s) => ({ ...s, loading: true, failed: false }));
    fetchAudienceCount(key.split(',') as SignupType[], abort.signal).then(
      (count) => setState({ count, loading: false, failed: false }),
      (err: unknown) => {
        if (abort.signal.aborted || isAbort(err)) return;
        if (isAuthError(err)) denied.current();
        setState({ count: null, loading: false, failed: true });
      },
    );
    return () => abort.abort();
  }, [key, version]);

  return state;
}
