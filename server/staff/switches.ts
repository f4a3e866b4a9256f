// Whether ADMIN_KEY still signs in (migration 011, admin_switches). On by default: the key is how the
// first owner account is made. The owner may switch it off once an owner account is active; then
// every session the key opened ends at once. `npm run staff:invite … --key-sign-in on` turns it back
// on from a terminal (a locked-out owner's way back: server/staff/invite-cli.ts).
import type { Queryable } from '../db/client.ts';

export async function keySignInEnabled(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ enabled: boolean }>(
    `SELECT enabled FROM admin_switches WHERE name = 'key_sign_in'`,
  );
  return rows[0]?.enabled ?? true;
}

/** Sets the switch; false when switching off is refused because no owner account is active. */
export async function setKeySignIn(db: Queryable, enabled: boolean): Promise<boolean> {
  if (!enabled) {
    const { rows } = await db.query(`SELECT 1 FROM staff_accounts WHERE role = 'owner' AND active LIMIT 1`);
    if (!rows.length) return false;
    await db.query('DELETE FROM admin_sessions WHERE staff_id IS NULL');
  }
  await db.query(`UPDATE admin_switches SET enabled = $1 WHERE name = 'key_sign_in'`, [enabled]);
  return true;
}
