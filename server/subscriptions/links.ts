// The links every e-mail to a subscriber carries: the confirmation link (single use, 7 days) and
// the preferences link, which is also the RFC 8058 one-click unsubscribe URL (400 days).
import { siteOrigin } from '../../src/shared/site-origin.ts';
import type { SignupType } from '../../src/shared/messages.ts';
import type { Queryable } from '../db/client.ts';
import { hashToken, newToken } from './tokens.ts';

export const CONFIRMATION_DAYS = 7;
/** Links in e-mails keep working for more than a year (docs/subscriptions.md). */
export const LINK_DAYS = 400;

export const SUBSCRIPTION_PATHS = {
  confirm: '/api/subscriptions/confirm',
  preferences: '/api/subscriptions/preferences',
} as const;

function url(path: string, token: string): string {
  return `${siteOrigin(process.env)}${path}?token=${token}`;
}

/** A new confirmation token for the sign-up; returns the link to put in the e-mail. */
export async function confirmationLink(db: Queryable, signupId: string): Promise<string> {
  const token = newToken();
  await db.query(
    `INSERT INTO signup_confirmations (token_hash, signup_id, expires_at)
     VALUES ($1, $2::bigint, now() + make_interval(days => $3::integer))`,
    [hashToken(token), signupId, CONFIRMATION_DAYS],
  );
  return url(SUBSCRIPTION_PATHS.confirm, token);
}

/** A new preferences link for the address (by hash); `type` is what a one-click unsubscribe leaves. */
export async function preferencesLink(db: Queryable, emailHash: string, type: SignupType | null): Promise<string> {
  const token = newToken();
  await db.query(
    `INSERT INTO subscriber_links (token_hash, email_hash, signup_type, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(days => $4::integer))`,
    [hashToken(token), emailHash, type, LINK_DAYS],
  );
  return url(SUBSCRIPTION_PATHS.preferences, token);
}
