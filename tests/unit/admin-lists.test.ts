// The dashboard's list state (src/islands/admin/listsReducer.ts): an answer records its request,
// so a page read for an older search never lands on a newer one.
import { describe, expect, it } from 'vitest';
import type { ContactRow, SignupRow } from '../../src/shared/admin-api.ts';
import { INITIAL_LISTS, listsReducer, sameRequest, type ListsRequest } from '../../src/islands/admin/listsReducer.ts';

const contact = (id: string): ContactRow => ({
  id,
  name: `Name ${id}`,
  email: `${id}@example.com`,
  subject: null,
  message: 'Hello',
  source_page: '/contact',
  submitted_at: '2025-08-01T00:00:00.000000Z',
});
const signup = (id: string): SignupRow => ({
  id,
  email: `${id}@example.com`,
  signup_type: 'Updates',
  source_page: '/',
  status: 'confirmed',
  submitted_at: '2025-08-01T00:00:00.000000Z',
});

const wool: ListsRequest = { q: 'wool', status: '', attempt: 0 };
const answered = listsReducer(INITIAL_LISTS, {
  type: 'answered',
  request: wool,
  contacts: { rows: [contact('c1')], nextCursor: 'next' },
  signups: null,
});

describe('the lists', () => {
  it('start unanswered and empty', () => {
    expect(INITIAL_LISTS.answered).toBeNull();
    expect(sameRequest(INITIAL_LISTS.answered, { q: '', status: '', attempt: 0 })).toBe(false);
  });

  it('take an answer with its request; a failed read is marked for retry', () => {
    expect(sameRequest(answered.answered, { q: 'wool', status: '', attempt: 0 })).toBe(true);
    expect(sameRequest(answered.answered, { q: 'wool', status: '', attempt: 1 })).toBe(false);
    expect(sameRequest(answered.answered, { q: 'linen', status: '', attempt: 0 })).toBe(false);
    // A change of the sign-ups' status filter is another request too.
    expect(sameRequest(answered.answered, { q: 'wool', status: 'pending', attempt: 0 })).toBe(false);
    expect(answered.contacts).toEqual({ rows: [contact('c1')], next: 'next', failed: false });
    expect(answered.signups).toEqual({ rows: [], next: null, failed: true });
  });

  it('add a page only to the answer it continues', () => {
    const page = { rows: [contact('c2')], nextCursor: null };
    const more = listsReducer(answered, { type: 'pageAdded', request: { ...wool }, kind: 'contacts', page });
    expect(more.contacts).toEqual({ rows: [contact('c1'), contact('c2')], next: null, failed: false });
    const stale = listsReducer(answered, {
      type: 'pageAdded',
      request: { q: 'linen', status: '' as const, attempt: 0 },
      kind: 'contacts',
      page,
    });
    expect(stale).toBe(answered);
  });

  it('drop a deleted row from its own list only', () => {
    const both = listsReducer(answered, {
      type: 'answered',
      request: wool,
      contacts: { rows: [contact('x'), contact('y')], nextCursor: null },
      signups: { rows: [signup('x')], nextCursor: null },
    });
    const after = listsReducer(both, { type: 'rowRemoved', kind: 'contacts', id: 'x' });
    expect(after.contacts.rows).toEqual([contact('y')]);
    expect(after.signups.rows).toEqual([signup('x')]);
  });
});
