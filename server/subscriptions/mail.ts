// The e-mails of the subscription lifecycle, queued in the caller's transaction (the outbox,
// server/mail/outbox.ts), so an acknowledged sign-up or erasure never loses its e-mail.
//
// Every e-mail to a subscriber carries List-Unsubscribe (the https preferences URL, which also
// takes RFC 8058's one-click POST, and a mailto to the site's own mailbox) and
// List-Unsubscribe-Post, and shows the preferences link in its text. Every header value here is
// built from fixed text, a validated address (no CR or LF can pass the form schema) and base64url
// tokens: nothing a reader typed reaches a header as free text.
import type { SignupType } from '../../src/shared/messages/index.ts';
import type { Queryable } from '../db/client.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { renderMail, type RenderedMail } from '../mail/templates/render.ts';
import { signupConfirmationMail } from '../mail/templates/signup-confirmation.ts';
import { erasureConfirmationMail } from '../mail/templates/erasure-confirmation.ts';
import { mailFrom } from '../settings.ts';
import { SUBSCRIPTION_PATHS, linkUrl, storeConfirmationToken, storePreferencesToken } from './links.ts';
import { newToken } from './tokens.ts';
import { SEALED, sealLinks } from '../mail/sealed-links.ts';

/** RFC 2369 / RFC 8058 headers for an e-mail whose preferences (and one-click) URL is `preferencesUrl`. */
export function unsubscribeHeaders(preferencesUrl: string): Record<string, string> {
  // The mailto goes to the site's own sender address (MAIL_FROM); the owner honours such a request
  // by hand (docs/subscriptions.md). Without MAIL_FROM there is only the https URL.
  const mailbox = mailFrom()?.address;
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

/**
 * A confirmation e-mail made ready before the transaction (new tokens, the rendered parts with
 * placeholders for them), so the transaction only inserts rows and never waits on rendering.
 */
export interface PreparedConfirmation {
  type: SignupType;
  confirmToken: string;
  preferencesToken: string;
  mail: RenderedMail;
  headers: Record<string, string>;
}

/**
 * Rendering an e-mail (React Email) costs tens of milliseconds of CPU, more than the whole sign-up
 * otherwise: each type's confirmation is rendered once, with the sealed-link placeholders where
 * the tokens go. The stored mail keeps those placeholders; the tokens are sealed beside it and put
 * in at send time (mail/sealed-links.ts), so no live link is ever stored in the outbox's text.
 */
const rendered = new Map<string, Promise<RenderedMail>>();

function confirmationTemplate(type: SignupType): Promise<RenderedMail> {
  const confirmUrl = linkUrl(SUBSCRIPTION_PATHS.confirm, SEALED.confirm);
  const preferencesUrl = linkUrl(SUBSCRIPTION_PATHS.preferences, SEALED.preferences);
  const key = `${type}\n${confirmUrl}`;
  let mail = rendered.get(key);
  if (!mail) {
    mail = renderMail(signupConfirmationMail({ type, confirmUrl, preferencesUrl }));
    mail.catch(() => rendered.delete(key));
    rendered.set(key, mail);
  }
  return mail;
}

export async function prepareConfirmation(type: SignupType): Promise<PreparedConfirmation> {
  const mail = await confirmationTemplate(type);
  const preferencesUrl = linkUrl(SUBSCRIPTION_PATHS.preferences, SEALED.preferences);
  return {
    type,
    confirmToken: newToken(),
    preferencesToken: newToken(),
    mail,
    headers: unsubscribeHeaders(preferencesUrl),
  };
}

/** Queues a prepared confirmation e-mail for the pending sign-up (its tokens stored with it, sealed). */
export async function queueConfirmation(
  tx: Queryable,
  prepared: PreparedConfirmation,
  signup: PendingSignup,
): Promise<void> {
  await storeConfirmationToken(tx, signup.id, prepared.confirmToken);
  await storePreferencesToken(tx, signup.email_hash, signup.signup_type, prepared.preferencesToken);
  const id = await enqueueMail(tx, {
    kind: 'signup-confirmation',
    to: signup.email,
    ...prepared.mail,
    headers: prepared.headers,
  });
  if (id) await sealLinks(tx, id, { confirm: prepared.confirmToken, preferences: prepared.preferencesToken });
}

/** The erasure confirmation /privacy promises (to the address erased; no list headers), rendered. */
export function prepareErasureConfirmation(what: string): Promise<RenderedMail> {
  return renderMail(erasureConfirmationMail(what));
}

/** Queues the erasure confirmation in the erasure's transaction. */
export async function queueErasureConfirmation(tx: Queryable, to: string, mail: RenderedMail): Promise<void> {
  await enqueueMail(tx, { kind: 'erasure-confirmation', to, ...mail });
}
