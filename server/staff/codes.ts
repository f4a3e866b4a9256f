// E-mailed one-time codes (issue 36): six digits, CODE_MINUTES long, single-use, kept as an HMAC,
// compared in constant time; CODE_MAX_FAILURES wrong guesses lock the code. A code is made for any
// address asked for, account or not, and mailed only to an active account: the answers (and the
// rows) are the same either way, so nothing tells who is on the staff. Attempts are throttled per
// client and per address (throttle.ts). Expiry is the database's clock (tests age the rows).
import type { Db } from '../db/client.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { SEALED, sealLinks } from '../mail/sealed-links.ts';
import { renderMail } from '../mail/templates/render.ts';
import { STAFF_MAIL } from '../../src/shared/messages/staff.ts';
import { CODE_MAX_FAILURES, CODE_MINUTES } from '../../src/shared/staff-api.ts';
import { macsEqual, newCode, staffMac } from './secret.ts';

/** Makes a new code for `email` (earlier ones are void) and queues it when the address is a colleague's. */
export async function requestCode(db: Db, email: string): Promise<void> {
  const code = newCode();
  const [emailHash, codeHash] = await Promise.all([staffMac(db, 'email', email), staffMac(db, 'code', code)]);
  const mail = await renderMail({
    subject: STAFF_MAIL.codeSubject,
    heading: STAFF_MAIL.codeHeading,
    blocks: [{ type: 'paragraph', text: STAFF_MAIL.codeText(SEALED.staffCode, CODE_MINUTES) }],
    footerNote: STAFF_MAIL.codeFooter,
  });
  await db.transaction(async (tx) => {
    await tx.query('UPDATE staff_codes SET used_at = now() WHERE email_hash = $1 AND used_at IS NULL', [emailHash]);
    await tx.query(
      `INSERT INTO staff_codes (email_hash, code_hash, expires_at)
       VALUES ($1, $2, now() + make_interval(mins => $3))`,
      [emailHash, codeHash, CODE_MINUTES],
    );
    const { rows } = await tx.query('SELECT 1 FROM staff_accounts WHERE email = $1 AND active', [email]);
    if (!rows.length) return;
    // Sealed, as an invitation's token: the Mail view never shows a usable code.
    const mailId = await enqueueMail(tx, { kind: 'staff-code', to: email, ...mail });
    if (mailId) await sealLinks(tx, mailId, { staffCode: code });
  });
}

export type CodeCheck = { kind: 'ok'; staffId: string } | { kind: 'wrong' } | { kind: 'unknown' } | { kind: 'expired' };

/** Checks a code for `email`; a right one is used up and names the account. */
export async function checkCode(db: Db, email: string, code: string): Promise<CodeCheck> {
  const [emailHash, given] = await Promise.all([staffMac(db, 'email', email), staffMac(db, 'code', code)]);
  // The guess is counted before it is compared, in the statement that reads the code: concurrent
  // guesses cannot get past the limit.
  const { rows } = await db.query<{ id: string; code_hash: string }>(
    `UPDATE staff_codes SET failures = failures + 1
     WHERE id = (SELECT id FROM staff_codes WHERE email_hash = $1 ORDER BY created_at DESC, id DESC LIMIT 1)
       AND used_at IS NULL AND expires_at > now() AND failures < $2
     RETURNING id::text AS id, code_hash`,
    [emailHash, CODE_MAX_FAILURES],
  );
  const row = rows[0];
  if (!row) {
    const any = await db.query('SELECT 1 FROM staff_codes WHERE email_hash = $1 LIMIT 1', [emailHash]);
    return any.rows.length ? { kind: 'expired' } : { kind: 'unknown' };
  }
  if (!macsEqual(row.code_hash, given)) return { kind: 'wrong' };
  const used = await db.query<{ id: string }>(
    `UPDATE staff_codes SET used_at = now(), failures = failures - 1 WHERE id = $1 AND used_at IS NULL RETURNING 1`,
    [row.id],
  );
  if (!used.rows.length) return { kind: 'expired' };
  const account = await db.query<{ id: string }>(
    'UPDATE staff_accounts SET last_sign_in_at = now() WHERE email = $1 AND active RETURNING id::text AS id',
    [email],
  );
  return account.rows[0] ? { kind: 'ok', staffId: account.rows[0].id } : { kind: 'wrong' };
}
