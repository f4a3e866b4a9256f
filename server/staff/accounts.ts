// Staff accounts and their invitations (migration 011). The owner invites an address in a role; the
// invitation's link (through the outbox) works once, within INVITATION_DAYS, and signs its holder in
// (the invitation proves the address). Removing an account deletes it with its sessions.
import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/client.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { SEALED, sealLinks } from '../mail/sealed-links.ts';
import { renderMail } from '../mail/templates/render.ts';
import { siteUrl } from '../settings.ts';
import { STAFF_MAIL } from '../../src/shared/messages/staff.ts';
import {
  INVITATION_DAYS,
  type StaffAccountRow,
  type StaffList,
  type StaffRole,
  type StaffSessionRow,
} from '../../src/shared/staff-api.ts';
import { IDLE_SECONDS, ABSOLUTE_SECONDS } from '../admin/sessions.ts';
import { keySignInEnabled } from './switches.ts';
import { newStaffToken, staffMac } from './secret.ts';

/** The link an invitation mail carries; the token is in the fragment, so no server log holds it. */
export const invitationLink = (origin: string, token: string): string => `${origin}/admin#invite=${token}`;

export type InviteResult = { kind: 'invited'; id: string; link: string } | { kind: 'exists' };

/** Makes the account (inactive) and its invitation, and queues the mail, in one transaction. */
export async function inviteStaff(
  db: Db,
  invite: { email: string; role: StaffRole },
  origin = siteUrl(),
): Promise<InviteResult> {
  const token = newStaffToken();
  const hash = await staffMac(db, 'invitation', token);
  const link = invitationLink(origin, token);
  const mail = await renderMail({
    subject: STAFF_MAIL.inviteSubject,
    heading: STAFF_MAIL.inviteHeading,
    blocks: [
      { type: 'paragraph', text: STAFF_MAIL.inviteText(invite.role, INVITATION_DAYS) },
      // The stored mail holds a placeholder; the token is sealed beside it (mail/sealed-links.ts),
      // so nobody reading the outbox (the Mail view) can use the invitation.
      { type: 'action', label: STAFF_MAIL.inviteAction, url: invitationLink(origin, SEALED.staffInvitation) },
    ],
    footerNote: STAFF_MAIL.inviteFooter,
  });
  return db.transaction(async (tx) => {
    // An invited address that never accepted is invited again (a new link, the old ones void).
    const { rows } = await tx.query<{ id: string; active: boolean }>(
      `INSERT INTO staff_accounts (email, role, user_handle) VALUES ($1, $2, $3)
       ON CONFLICT (email) DO UPDATE SET role = EXCLUDED.role WHERE NOT staff_accounts.active
       RETURNING id::text AS id, active`,
      [invite.email, invite.role, randomBytes(16).toString('base64url')],
    );
    const row = rows[0];
    if (!row) return { kind: 'exists' } as const;
    await tx.query('DELETE FROM staff_invitations WHERE staff_id = $1', [row.id]);
    await tx.query(
      `INSERT INTO staff_invitations (token_hash, staff_id, expires_at)
       VALUES ($1, $2, now() + make_interval(days => $3))`,
      [hash, row.id, INVITATION_DAYS],
    );
    const mailId = await enqueueMail(tx, { kind: 'staff-invitation', to: invite.email, ...mail });
    if (mailId) await sealLinks(tx, mailId, { staffInvitation: token });
    return { kind: 'invited', id: row.id, link } as const;
  });
}

export type AcceptResult =
  { kind: 'accepted'; staffId: string; email: string } | { kind: 'unknown' } | { kind: 'expired' };

/** Uses an invitation: single-use (the row is marked in the statement that reads it). */
export async function acceptInvitation(db: Db, token: string): Promise<AcceptResult> {
  const hash = await staffMac(db, 'invitation', token);
  const { rows } = await db.query<{ staff_id: string; fresh: boolean }>(
    `UPDATE staff_invitations SET used_at = coalesce(used_at, now())
     WHERE token_hash = $1
     RETURNING staff_id::text, (used_at = now() AND expires_at > now()) AS fresh`,
    [hash],
  );
  const row = rows[0];
  if (!row) return { kind: 'unknown' };
  if (!row.fresh) return { kind: 'expired' };
  const activated = await db.query<{ email: string }>(
    'UPDATE staff_accounts SET active = true, last_sign_in_at = now() WHERE id = $1 RETURNING email',
    [row.staff_id],
  );
  const email = activated.rows[0]?.email;
  return email ? { kind: 'accepted', staffId: row.staff_id, email } : { kind: 'unknown' };
}

const LIVE = `last_seen_at > now() - make_interval(secs => ${IDLE_SECONDS})
  AND created_at > now() - make_interval(secs => ${ABSOLUTE_SECONDS})`;
const TIME = (c: string) => `to_char(${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export async function listStaff(db: Queryable): Promise<StaffList> {
  const accounts = await db.query<Omit<StaffAccountRow, 'sessions'>>(
    `SELECT a.id::text AS id, a.email, a.role, a.active, ${TIME('a.created_at')} AS created_at,
            ${TIME('a.last_sign_in_at')} AS last_sign_in_at,
            (SELECT count(*)::int FROM staff_passkeys p WHERE p.staff_id = a.id) AS passkeys
     FROM staff_accounts a ORDER BY a.created_at, a.id`,
  );
  const sessions = await db.query<StaffSessionRow & { staff_id: string | null }>(
    `SELECT id::text AS id, staff_id::text AS staff_id, ${TIME('created_at')} AS created_at,
            ${TIME('last_seen_at')} AS last_seen_at, method
     FROM admin_sessions WHERE ${LIVE} ORDER BY admin_sessions.created_at`,
  );
  const of = (id: string | null) =>
    sessions.rows
      .filter((s) => s.staff_id === id)
      .map(({ id: sid, created_at, last_seen_at, method }) => ({ id: sid, created_at, last_seen_at, method }));
  return {
    accounts: accounts.rows.map((a) => ({ ...a, sessions: of(a.id) })),
    keySessions: of(null),
    keySignIn: await keySignInEnabled(db),
  };
}

export async function staffEmailOf(db: Queryable, id: string): Promise<string | undefined> {
  const { rows } = await db.query<{ email: string }>('SELECT email FROM staff_accounts WHERE id = $1', [id]);
  return rows[0]?.email;
}

/** Whether changing or removing account `id` would leave no active owner. */
async function lastOwner(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM staff_accounts WHERE role = 'owner' AND active AND id <> $1`,
    [id],
  );
  const { rows: self } = await db.query(`SELECT 1 FROM staff_accounts WHERE id = $1 AND role = 'owner' AND active`, [
    id,
  ]);
  // Only matters while the key cannot sign in: with key sign-in on, the key is an owner too.
  return self.length > 0 && rows[0]!.n === 0 && !(await keySignInEnabled(db));
}

export type ChangeResult = 'done' | 'missing' | 'last-owner';

export async function setRole(db: Queryable, id: string, role: StaffRole): Promise<ChangeResult> {
  if (role !== 'owner' && (await lastOwner(db, id))) return 'last-owner';
  const { rows } = await db.query('UPDATE staff_accounts SET role = $2 WHERE id = $1 RETURNING 1', [id, role]);
  return rows.length ? 'done' : 'missing';
}

export async function removeStaff(db: Queryable, id: string): Promise<ChangeResult> {
  if (await lastOwner(db, id)) return 'last-owner';
  const { rows } = await db.query('DELETE FROM staff_accounts WHERE id = $1 RETURNING 1', [id]);
  return rows.length ? 'done' : 'missing';
}

/** Ends every session of account `id`, or with `id` null every session the key opened. */
export async function signOutEverywhere(db: Queryable, id: string | null): Promise<void> {
  if (id === null) await db.query('DELETE FROM admin_sessions WHERE staff_id IS NULL');
  else await db.query('DELETE FROM admin_sessions WHERE staff_id = $1', [id]);
}
