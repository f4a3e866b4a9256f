// The contacts and sign-ups lists for the current search: both read in parallel (the spec's two
// reads), paged with "Load more", read again on retry, and rows dropped as they are deleted.
import { useEffect, useEffectEvent, useReducer, useState } from 'react';
import { ADMIN_NOTICES } from '../../shared/messages/index.ts';
import { PAGE_SIZE, type ListKind } from '../../shared/admin-api.ts';
import { fetchPage, isAbort, isAuthError } from './api.ts';
import { INITIAL_LISTS, listsReducer, sameRequest, type ListData } from './listsReducer.ts';
import { notifyOnce } from './notifyOnce.ts';
import type { SignupStatus } from '../../shared/messages/subscriptions.ts';

export const LIST_KINDS: readonly ListKind[] = ['contacts', 'signups'];

export interface Lists {
  list: <K extends ListKind>(kind: K) => ListData<K>;
  /** A read for the current search (or a retry) is under way; the previous rows stay on screen. */
  loading: boolean;
  /** No answer has arrived yet: there is nothing to count. */
  waiting: boolean;
  /** The list whose next page is being read. */
  loadingMore: ListKind | null;
  loadMore: (kind: ListKind) => Promise<void>;
  retry: () => void;
  removeRow: (kind: ListKind, id: string) => void;
}

/**
 * `q`: the settled search text. `onDenied`: the lists the server refused (401/403). `enabled`:
 * false for a role without the lists (an editor), which reads nothing.
 */
export function useLists(
  q: string,
  status: SignupStatus | '',
  onDenied: (kinds: ListKind[]) => void,
  enabled = true,
): Lists {
  const [attempt, setAttempt] = useState(0);
  const [state, dispatch] = useReducer(listsReducer, INITIAL_LISTS);
  const [loadingMore, setLoadingMore] = useState<ListKind | null>(null);
  const loading = !sameRequest(state.answered, { q, status, attempt });
  const denied = useEffectEvent((kinds: ListKind[]) => onDenied(kinds));

  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    const request = { q, status, attempt };
    void Promise.allSettled([
      fetchPage('contacts', { q, limit: PAGE_SIZE }, abort.signal),
      fetchPage('signups', { q, status, limit: PAGE_SIZE }, abort.signal),
    ]).then(([contacts, signups]) => {
      if (abort.signal.aborted) return;
      const failures = [contacts, signups].flatMap((r, i) =>
        r.status === 'rejected' ? [{ kind: LIST_KINDS[i]!, err: r.reason as unknown }] : [],
      );
      const refused = failures.filter((f) => isAuthError(f.err)).map((f) => f.kind);
      if (refused.length) return denied(refused);
      if (failures.some((f) => !isAbort(f.err))) notifyOnce(ADMIN_NOTICES.fetchFailed);
      dispatch({
        type: 'answered',
        request,
        contacts: contacts.status === 'fulfilled' ? contacts.value : null,
        signups: signups.status === 'fulfilled' ? signups.value : null,
      });
    });
    return () => abort.abort();
  }, [q, status, attempt, enabled]);

  async function loadMore(kind: ListKind) {
    const request = state.answered;
    const cursor = state[kind].next;
    if (!request || !cursor || loadingMore) return;
    setLoadingMore(kind);
    try {
      const page = await fetchPage(kind, { q: request.q, status: request.status, cursor, limit: PAGE_SIZE });
      dispatch({ type: 'pageAdded', request, kind, page });
    } catch (err) {
      if (isAuthError(err)) onDenied([kind]);
      else notifyOnce(ADMIN_NOTICES.fetchFailed);
    } finally {
      setLoadingMore(null);
    }
  }

  return {
    list: <K extends ListKind>(kind: K) => state[kind] as ListData<K>,
    loading,
    waiting: state.answered === null,
    loadingMore,
    loadMore,
    retry: () => setAttempt((n) => n + 1),
    removeRow: (kind, id) => dispatch({ type: 'rowRemoved', kind, id }),
  };
}
