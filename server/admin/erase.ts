// Erasure on request (GDPR art. 17): deletes one contact submission or sign-up. The log line names
// the kind and id only, never the person.
import type { Queryable } from '../db/client.ts';
import type { ListKind } from '../../src/shared/admin-api.ts';
import { LISTS } from './lists.ts';
import { ownerAlertKey } from '../contacts.ts';

/** Deletes the row; false when there was none. `id` must come from parseId(). */
export async function eraseRow(db: Queryable, kind: ListKind, id: string): Promise<boolean> {
  const { rows } = await db.query(`DELETE FROM ${LISTS[kind].table} WHERE id = $1::bigint RETURNING id`, [id]);
  // A message's owner alert quotes it: the copy in the outbox goes with it (contacts.ts, ownerAlertKey).
  if (kind === 'contacts' && rows.length) {
    await db.query('DELETE FROM mail_outbox WHERE dedupe_key = $1', [ownerAlertKey(id)]);
  }
  if (rows.length) console.log(`admin: erased ${kind} ${id}`);
  return rows.length === 1;
}
