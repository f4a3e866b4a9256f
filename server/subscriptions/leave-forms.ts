// The preferences page's one-press leave (issue 39, item 12): the "Unsubscribe" link of an e-mail
// opens the page with a button that leaves the list the e-mail was about. An announcement sent to
// several lists the reader is on has no one list: each of the reader's lists gets its own button.
import { SIGNUP_TYPES, type SignupType } from '../../src/shared/messages/index.ts';
import { SUBSCRIPTION_PAGES as T } from '../../src/shared/messages/subscriptions.ts';
import type { SignupStatus } from '../../src/shared/messages/subscriptions.ts';
import { escapeHtml } from './page.ts';
import type { SubscriberLink } from './preferences.ts';

const active = (status: SignupStatus | null) => status === 'pending' || status === 'confirmed';

function leaveForm(action: string, list: SignupType, pending: boolean, named: boolean): string {
  return `<form method="post" action="${action}" class="leave">
<input type="hidden" name="action" value="leave">${named ? `\n<input type="hidden" name="list" value="${list}">` : ''}
<p>${escapeHtml(T.leaveIntro(list, pending))}</p>
<button type="submit">${escapeHtml(T.leaveButton(list, pending))}</button>
</form>`;
}

/** The link's list's button, or one per active list when the link names none; '' when none is active. */
export function leaveForms(
  action: string,
  scope: SignupType | null,
  types: Record<SignupType, SignupStatus | null>,
): string {
  if (scope) return active(types[scope]) ? leaveForm(action, scope, types[scope] === 'pending', false) : '';
  return SIGNUP_TYPES.filter((list) => active(types[list]))
    .map((list) => leaveForm(action, list, types[list] === 'pending', true))
    .join('\n');
}

/** Which list a leave post leaves: the link's own, else the one its button named. */
export function leaveScope(link: SubscriberLink, fields: URLSearchParams | undefined): SignupType | null {
  if (link.scope) return link.scope;
  const named = fields?.get('list');
  return SIGNUP_TYPES.find((t) => t === named) ?? null;
}
