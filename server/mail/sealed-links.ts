// Links kept out of the stored mail (docs/threat-model.md, third audit, item 5). A mail whose
// text carries live tokens (a confirmation's confirm and preferences links) is queued with fixed
// placeholders where the tokens go, and the tokens themselves are sealed in the row's
// `sealed_links` (AES-256-GCM under the database's `link_seal_key`, migration 009). The sender
// unseals them into the claimed copy it is about to send (one call in mail/sender.ts, claimDue),
// and the row drops them once sent, skipped or cancelled (a trigger). The Mail view, the owner and
// anyone reading the outbox table see placeholders; the tokens' SHA-256 alone is in the link tables.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/client.ts';

/** Placeholders: 43 base64url characters each, like the tokens they stand for. */
export const SEALED = {
  confirm: 'RTxSEALEDxCONFIRMxLINKxPLACEHOLDERxxxxxxxxx',
  preferences: 'RTxSEALEDxPREFERENCESxLINKxPLACEHOLDERxxxxx',
  /** A staff invitation's link token and a staff sign-in code (server/staff/). */
  staffInvitation: 'RTxSEALEDxSTAFFxINVITATIONxPLACEHOLDERxxxxx',
  staffCode: 'RTxSEALEDxSTAFFxCODExPLACEHOLDERxxxxxxxxxxx',
} as const;

export type SealedTokens = Partial<Record<keyof typeof SEALED, string>>;

const keys = new WeakMap<Queryable, Promise<Buffer>>();

function sealKey(db: Queryable): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = db
      .query<{ value: string }>("SELECT value FROM server_secrets WHERE name = 'link_seal_key'")
      .then(({ rows }) => {
        if (!rows[0]) throw new Error('server_secrets has no link_seal_key: run the migrations');
        return createHash('sha256').update(rows[0].value).digest();
      });
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

function seal(key: Buffer, tokens: SealedTokens): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(tokens), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function unseal(key: Buffer, sealed: string): SealedTokens {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  return JSON.parse(text) as SealedTokens;
}

/** Seals `tokens` into the queued row `id` (in the transaction that queued it). */
export async function sealLinks(tx: Queryable, id: string, tokens: SealedTokens): Promise<void> {
  await tx.query('UPDATE mail_outbox SET sealed_links = $2 WHERE id = $1::bigint', [
    id,
    seal(await sealKey(tx), tokens),
  ]);
}

/** `text` with each placeholder replaced by its token. */
export function fillLinks<T extends string | null>(text: T, tokens: SealedTokens): T {
  if (text === null) return text;
  let out: string = text;
  for (const name of Object.keys(SEALED) as (keyof typeof SEALED)[]) {
    const token = tokens[name];
    if (token) out = out.replaceAll(SEALED[name], token);
  }
  return out as T;
}

interface Unsealable {
  id: string;
  text: string | null;
  html: string | null;
  headers: Record<string, unknown>;
}

/** The claimed rows with their sealed tokens in place (rows without any come back unchanged). */
export async function unsealLinks<T extends Unsealable>(db: Queryable, rows: T[]): Promise<T[]> {
  if (!rows.length) return rows;
  const { rows: sealed } = await db.query<{ id: string; sealed_links: string }>(
    'SELECT id::text AS id, sealed_links FROM mail_outbox WHERE id = ANY($1::bigint[]) AND sealed_links IS NOT NULL',
    [rows.map((r) => r.id)],
  );
  if (!sealed.length) return rows;
  const key = await sealKey(db);
  const byId = new Map(sealed.map((s) => [s.id, unseal(key, s.sealed_links)]));
  return rows.map((row) => {
    const tokens = byId.get(String(row.id));
    if (!tokens) return row;
    const headers = JSON.parse(fillLinks(JSON.stringify(row.headers), tokens)) as T['headers'];
    return { ...row, text: fillLinks(row.text, tokens), html: fillLinks(row.html, tokens), headers };
  });
}

/** The Mail view's copy of a stored text: every link token (or placeholder) shown as "…". */
export function redactLinks(text: string): string {
  return text.replace(/([?&]token=)[A-Za-z0-9_-]{43}/g, '$1…');
}
