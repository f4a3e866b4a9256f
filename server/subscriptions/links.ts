// The links every e-mail to a subscriber carries: the confirmation link (single use, 7 days) and
// the preferences link, which is also the RFC 8058 one-click unsubscribe URL (400 days).
import type { SignupType } from '../../src/shared/messages/index.ts';
import type { Queryable } from '../db/client.ts';
import { hashToken } from './tokens.ts';
import { siteUrl } from '../settings.ts';

export const CONFIRMATION_DAYS = 7;
/** Links in e-mails keep working for more than a year (docs/subscriptions.md). */
export const LINK_DAYS = 400;

export const SUBSCRIPTION_PATHS = {
  confirm: '/api/subscriptions/confirm',
  preferences: '/api/subscriptions/preferences',
} as const;

export function linkUrl(path: string, token: string): string {
  return `${siteUrl()}${path}?token=${token}`;
}

/** Stores the confirmation token `token` (made with newToken()) for the sign-up. */
export async function storeConfirmationToken(db: Queryable, signupId: string, token: string): Promise<void> {
  await db.query(
    `INSERT INTO signup_confirmations (token_hash, signup_id, expires_at)
     VALUES ($1, $2::bigint, now() + make_interval(days => $3::integer))`,
    [hashToken(token), signupId, CONFIRMATION_DAYS],
  );
}

/** Stores the preferences token `token` for the address (by hash); `type` is what a one-click unsubscribe leaves. */
export async function storePreferencesToken(
  db: Queryable,
  emailHash: string,
  type: SignupType | null,
  token: string,
): Promise<void> {
  await db.query(
    `INSERT INTO subscriber_links (token_hash, email_hash, signup_type, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(days => $4::integer))`,
    [hashToken(token), emailHash, type, LINK_DAYS],
  );
}
