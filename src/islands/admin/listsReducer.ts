// What the two lists hold, and the only ways it changes. Every answer records the request it
// answers, so a late answer for an older search (or a page of it) never lands on a newer one.
import type { ListKind, Page, RowOf } from '../../shared/admin-api.ts';
import type { SignupStatus } from '../../shared/messages/subscriptions.ts';

/** One read of both lists: the search, and how many times the owner has asked to retry. */
export interface ListsRequest {
  q: string;
  /** The sign-ups' status filter ('' for every status). */
  status: SignupStatus | '';
  attempt: number;
}

export interface ListData<K extends ListKind> {
  rows: RowOf[K][];
  /** The cursor of the next page; null on the last. */
  next: string | null;
  /** The read failed: the table offers to retry. */
  failed: boolean;
}

export interface ListsState {
  /** The request the lists answer; null until the first answer arrives. */
  answered: ListsRequest | null;
  contacts: ListData<'contacts'>;
  signups: ListData<'signups'>;
}

export type ListsAction =
  | {
      type: 'answered';
      request: ListsRequest;
      contacts: Page<RowOf['contacts']> | null;
      signups: Page<RowOf['signups']> | null;
    }
  | { type: 'pageAdded'; request: ListsRequest; kind: ListKind; page: Page<RowOf[ListKind]> }
  | { type: 'rowRemoved'; kind: ListKind; id: string };

export const INITIAL_LISTS: ListsState = {
  answered: null,
  contacts: { rows: [], next: null, failed: false },
  signups: { rows: [], next: null, failed: false },
};

export function sameRequest(a: ListsRequest | null, b: ListsRequest): boolean {
  return a !== null && a.q === b.q && a.status === b.status && a.attempt === b.attempt;
}

/** A first page, or null for a read that failed. */
function firstPage<K extends ListKind>(page: Page<RowOf[K]> | null): ListData<K> {
  return page ? { rows: page.rows, next: page.nextCursor, failed: false } : { rows: [], next: null, failed: true };
}

function withList(state: ListsState, kind: ListKind, update: (list: ListData<ListKind>) => ListData<ListKind>) {
  return { ...state, [kind]: update(state[kind]) };
}

export function listsReducer(state: ListsState, action: ListsAction): ListsState {
  switch (action.type) {
    case 'answered':
      return { answered: action.request, contacts: firstPage(action.contacts), signups: firstPage(action.signups) };
    case 'pageAdded':
      if (!sameRequest(state.answered, action.request)) return state;
      return withList(state, action.kind, (list) => ({
        rows: [...list.rows, ...action.page.rows],
        next: action.page.nextCursor,
        failed: false,
      }));
    case 'rowRemoved':
      return withList(state, action.kind, (list) => ({ ...list, rows: list.rows.filter((r) => r.id !== action.id) }));
  }
}
