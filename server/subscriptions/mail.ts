// The e-mails of the subscription lifecycle, queued in the caller's transaction (the outbox,
// server/mail/outbox.ts), so an acknowledged sign-up or erasure never loses its e-mail.
//
// Every e-mail to a subscriber carries List-Unsubscribe (the https preferences URL, which also
// takes RFC 8058's one-click POST, and a mailto to the site's own mailbox) and
// List-Unsubscribe-Post, and shows the preferences link in its text. Every header value here is
// built from fixed text, a validated address (no CR or LF can pass the form schema) and base64url
// tokens: nothing a reader typed reaches a header as free text.
import type { SignupType } from '../../src/shared/messages.ts';
import { SUBSCRIPTION_MAILS } from '../../src/shared/messages/subscriptions.ts';
import type { Queryable } from '../db/client.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { mailFromAddress } from './mail-from.ts';
import { confirmationLink, preferencesLink } from './links.ts';

/** RFC 2369 / RFC 8058 headers for an e-mail whose preferences (and one-click) URL is `preferencesUrl`. */
export function unsubscribeHeaders(preferencesUrl: string): Record<string, string> {
  const mailbox = mailFromAddress();
  const targets = [`<${preferencesUrl}>`];
  if (mailbox) targets.push(`<mailto:${mailbox}?subject=unsubscribe>`);
  return {
    'List-Unsubscribe': targets.join(', '),
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export interface PendingSignup {
  id: string;
  email: string;
  email_hash: string;
  signup_type: SignupType;
}

/** Queues the confirmation e-mail of a pending sign-up (a new token each time). */
export async function queueConfirmation(tx: Queryable, signup: PendingSignup): Promise<void> {
  const confirmUrl = await confirmationLink(tx, signup.id);
  const preferencesUrl = await preferencesLink(tx, signup.email_hash, signup.signup_type);
  await enqueueMail(tx, {
    kind: 'signup-confirmation',
    to: signup.email,
    subject: SUBSCRIPTION_MAILS.confirmSubject(signup.signup_type),
    text: SUBSCRIPTION_MAILS.confirmText({ type: signup.signup_type, confirmUrl, preferencesUrl }),
    headers: unsubscribeHeaders(preferencesUrl),
  });
}

/** Queues the erasure confirmation /privacy promises (to the address erased; no list headers). */
export async function queueErasureConfirmation(tx: Queryable, to: string, what: string): Promise<void> {
  await enqueueMail(tx, {
    kind: 'erasure-confirmation',
    to,
    subject: SUBSCRIPTION_MAILS.erasedSubject,
    text: SUBSCRIPTION_MAILS.erasedText({ what }),
  });
}
