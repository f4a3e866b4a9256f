// The pages behind the e-mail links, on the one request pipeline (endpoint.ts):
//   /api/subscriptions/confirm?token=       GET: the page with the confirm button (changes nothing)
//                                           POST: confirms, once
//   /api/subscriptions/preferences?token=   GET: each type on or off, and erasure
//                                           POST List-Unsubscribe=One-Click (RFC 8058, as a mail
//                                           provider sends it): unsubscribes, 200, no page
//                                           POST action=leave | save | erase: the page's forms
//                                           (leave: the list the e-mail was about, one press)
// A wrong, expired or used token gets a clear page (404 or 410), never a 500.
import { API_ERRORS, SIGNUP_TYPES, type SignupType } from '../../src/shared/messages/index.ts';
import { SUBSCRIPTION_PAGES as T, TYPE_DESCRIPTIONS } from '../../src/shared/messages/subscriptions.ts';
import { getDb } from '../db/client.ts';
import { hit } from '../rate-limit.ts';
import { formRateLimit } from '../settings.ts';
import { wakeSender } from '../mail/wake.ts';
import { apiHandler, type ApiCall, type ApiHandler } from '../endpoint.ts';
import { SECURITY_HEADERS, discardBody, isSameSite, readBoundedBody } from '../http.ts';
import { confirmSignup, inspectConfirmation } from './confirm.ts';
import { confirmFormPage, confirmStatePage, listNames, messagePage } from './confirm-page.ts';
import { SUBSCRIPTION_PATHS } from './links.ts';
import { escapeHtml, htmlPage } from './page.ts';
import { leaveForms, leaveScope } from './leave-forms.ts';
import {
  eraseAddress,
  leaveList,
  oneClickUnsubscribe,
  readLink,
  readPreferences,
  savePreferences,
  type Preferences,
  type SubscriberLink,
} from './preferences.ts';

const FAILURE = { title: T.failedTitle, text: T.failedText };

/**
 * The fields of a form post: urlencoded (browsers) or multipart (RFC 8058 allows both), read
 * through the one bounded reader (http.ts: at most BODY_LIMIT kept, chunked or not); undefined
 * for anything else, too large or broken.
 */
async function formFields(req: Request): Promise<URLSearchParams | undefined> {
  const type = (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') {
    await discardBody(req);
    return undefined;
  }
  const bytes = await readBoundedBody(req);
  if (!bytes) return undefined;
  try {
    if (type === 'application/x-www-form-urlencoded') {
      return new URLSearchParams(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    }
    // The multipart parser runs on the bytes already read, never on the request's own stream.
    const data = await new Response(bytes, {
      headers: { 'Content-Type': req.headers.get('content-type')! },
    }).formData();
    const fields = new URLSearchParams();
    for (const [key, value] of data) if (typeof value === 'string') fields.append(key, value);
    return fields;
  } catch {
    return undefined;
  }
}

function pipeline(name: string, run: (call: ApiCall) => Promise<Response>): ApiHandler {
  return apiHandler({
    name,
    methods: ['GET', 'HEAD', 'POST'],
    // Checked per action below: a one-click POST comes from a mail provider, not from our pages.
    sameSiteFor: [],
    forbidden: { title: T.failedTitle, text: T.forbiddenText },
    failure: FAILURE,
    present: (_call, failure) => messagePage(failure.status, T.failedTitle, T.failedText),
    run,
  });
}

/** A confirm POST is counted per client like the sign-up form: a token is not guessed by the thousand. */
async function confirmLimited(ip: string): Promise<Response | undefined> {
  const limit = formRateLimit('signups');
  if (!limit) return undefined;
  const decision = await hit(getDb(), { ...limit, bucket: 'confirm' }, ip);
  if (decision.allowed) return undefined;
  const page = messagePage(429, API_ERRORS.rateLimited.title, API_ERRORS.rateLimited.text);
  page.headers.set('Retry-After', String(decision.retryAfter));
  return page;
}

export const confirmHandler: ApiHandler = pipeline('subscription-confirm', async ({ req, url, context }) => {
  const token = url.searchParams.get('token');
  const db = getDb();
  if (req.method !== 'POST') {
    const state = await inspectConfirmation(db, token);
    if (state.state !== 'valid') return confirmStatePage(state);
    // The button posts to this same URL: the token stays in the query, never in a page field.
    return confirmFormPage(state.types, `${SUBSCRIPTION_PATHS.confirm}?token=${token}`);
  }
  await discardBody(req);
  if (!isSameSite(req, context.site?.url ? [context.site.url] : [])) {
    return messagePage(403, T.failedTitle, T.forbiddenText);
  }
  const limited = await confirmLimited(context.ip);
  if (limited) return limited;
  const state = await confirmSignup(db, token, context.ip);
  if (state.state === 'valid') return messagePage(500, T.failedTitle, T.failedText); // not reached
  // Committed with its welcome e-mails: deliver them now, never making this request wait.
  if (state.state === 'confirmed') wakeSender(context.waitUntil);
  return confirmStatePage(state);
});

function preferencesForm(token: string, scope: SignupType | null, prefs: Preferences, notes: string[]): string {
  const { types } = prefs;
  const action = escapeHtml(`${SUBSCRIPTION_PATHS.preferences}?token=${token}`);
  const boxes = SIGNUP_TYPES.map((type) => {
    const status = types[type];
    const on = status === 'confirmed' || status === 'pending';
    const note = status === 'pending' ? ` <span class="muted">(${escapeHtml(T.pendingNote)})</span>` : '';
    return `<label><input type="checkbox" name="type" value="${type}"${on ? ' checked' : ''}><span>${escapeHtml(
      TYPE_DESCRIPTIONS[type] ?? type,
    )}${note}</span></label>`;
  }).join('\n');
  const leave = leaveForms(action, scope, types);
  const managing = prefs.masked ? `<p class="muted">${escapeHtml(T.managing(prefs.masked))}</p>` : '';
  return `${managing}
${notes.map((n) => `<p>${escapeHtml(n)}</p>`).join('\n')}
${leave}
${
  // Without the address no box could be ticked again (noAddressNote says how to come back).
  prefs.addressKnown
    ? `${leave ? `<p><a href="#manage">${escapeHtml(T.manageAll)}</a></p>` : ''}
<form method="post" action="${action}" id="manage">
<input type="hidden" name="action" value="save">
<fieldset><legend>${escapeHtml(T.preferencesIntro)}</legend>
${boxes}
</fieldset>
<button type="submit">${escapeHtml(T.save)}</button>
</form>`
    : ''
}
<h2>${escapeHtml(T.eraseTitle)}</h2>
<p class="muted">${escapeHtml(T.eraseIntro)}</p>
<form method="post" action="${action}">
<input type="hidden" name="action" value="erase">
<label><input type="checkbox" name="confirm" value="yes" required><span>${escapeHtml(T.eraseConfirm)}</span></label>
<button type="submit" class="secondary">${escapeHtml(T.eraseButton)}</button>
</form>`;
}

async function preferencesPage(
  link: SubscriberLink,
  token: string,
  status: number,
  title: string,
  notes: string[],
): Promise<Response> {
  const prefs = await readPreferences(getDb(), link.emailHash);
  // "Only what is ticked below" needs boxes below: with the address gone there are none.
  const allNotes = prefs.addressKnown ? [...notes] : notes.map((n) => (n === T.savedText ? T.savedNoneText : n));
  if (!prefs.addressKnown) allNotes.push(T.noAddressNote);
  return htmlPage(status, title, preferencesForm(token, link.scope, prefs, allNotes));
}

export const preferencesHandler: ApiHandler = pipeline('subscription-preferences', async ({ req, url, context }) => {
  const token = url.searchParams.get('token') ?? '';
  const db = getDb();
  if (req.method !== 'POST') {
    const link = await readLink(db, token);
    if (!link) return messagePage(404, T.linkInvalidTitle, T.linkInvalidText);
    return preferencesPage(link, token, 200, T.preferencesTitle, []);
  }
  // The token first: a post with a wrong one is answered without reading its body.
  const link = await readLink(db, token);
  if (!link) {
    await discardBody(req);
    return messagePage(404, T.linkInvalidTitle, T.linkInvalidText);
  }
  const fields = await formFields(req);
  // RFC 8058: exactly this body, from a mail provider; no page, no log-in.
  if (fields?.get('List-Unsubscribe') === 'One-Click') {
    await oneClickUnsubscribe(db, link, context.ip);
    return new Response('Unsubscribed.\n', {
      status: 200,
      headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  if (!isSameSite(req, context.site?.url ? [context.site.url] : [])) {
    return messagePage(403, T.failedTitle, T.forbiddenText);
  }
  const action = fields?.get('action');
  // Saving and erasing can queue mail: counted per client like the sign-up form (one-click and
  // leave cannot, and a mail provider's one-click posts all come from a few addresses).
  if (action === 'save' || action === 'erase') {
    const limit = formRateLimit('signups');
    const decision = limit
      ? await hit(db, { ...limit, bucket: 'preferences' }, context.ip)
      : { allowed: true as const };
    if (!decision.allowed) {
      const page = messagePage(429, API_ERRORS.rateLimited.title, API_ERRORS.rateLimited.text);
      page.headers.set('Retry-After', String(decision.retryAfter));
      return page;
    }
  }
  if (action === 'erase') {
    if (fields?.get('confirm') !== 'yes')
      return preferencesPage(link, token, 400, T.preferencesTitle, [T.eraseUnchecked]);
    const { confirmationSent } = await eraseAddress(db, link.emailHash, 'preferences', context.ip);
    // Committed with its confirmation e-mail: deliver it now, never making this request wait.
    wakeSender(context.waitUntil);
    return messagePage(200, T.erasedTitle, confirmationSent ? T.erasedText : T.erasedNoMailText);
  }
  const scope = action === 'leave' ? leaveScope(link, fields) : null;
  if (scope) {
    const before = await leaveList(db, { ...link, scope }, context.ip);
    if (before === 'pending') return preferencesPage(link, token, 200, T.withdrawnTitle, [T.withdrawnText(scope)]);
    // "You are unsubscribed" only when no list is left; else which one was left and what stays.
    const { types } = await readPreferences(db, link.emailHash);
    const still = SIGNUP_TYPES.filter((t) => types[t] === 'confirmed' || types[t] === 'pending');
    return still.length
      ? preferencesPage(link, token, 200, T.leftTitle(scope), [T.unsubscribedText(scope), T.stillOn(listNames(still))])
      : preferencesPage(link, token, 200, T.unsubscribedTitle, [T.unsubscribedText(scope)]);
  }
  if (action === 'save') {
    const wanted = new Set(
      fields!.getAll('type').filter((t): t is SignupType => SIGNUP_TYPES.includes(t as SignupType)),
    );
    const saved = await savePreferences(db, link, wanted, context.ip);
    wakeSender(context.waitUntil);
    const notes: string[] = [T.savedText];
    if (saved.resubscribed.includes('pending')) notes.push(T.resendNote);
    if (saved.resubscribed.includes('capped')) notes.push(T.cappedNote);
    return preferencesPage(link, token, 200, T.savedTitle, notes);
  }
  return preferencesPage(link, token, 400, T.preferencesTitle, []);
});
