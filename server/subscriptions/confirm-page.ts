// What the confirmation page says (the page behind the confirmation e-mail's link): the lists in
// plain words with what each brings, then, once confirmed, the welcome on its way and a few next
// reads from the site, so the reader has somewhere to go (issue 39, item 5).
import { SUBSCRIPTION_PAGES as T } from '../../src/shared/messages/subscriptions.ts';
import { CONFIRM_PAGE as C, LIST_PROMISES } from '../../src/shared/messages/welcome.ts';
import { announceableItems } from '../announcements/catalogue.ts';
import type { TokenState } from './confirm.ts';
import { escapeHtml, htmlPage } from './page.ts';

const NEXT_READS = 3;

/** "Updates", "Updates and Newsletter", "Updates, Newsletter and Movement". */
export function listNames(lists: readonly string[]): string {
  return lists.length < 2 ? (lists[0] ?? '') : `${lists.slice(0, -1).join(', ')} and ${lists.at(-1)}`;
}

function listItems(lists: readonly string[]): string {
  const items = lists.map((list) => {
    const promise = LIST_PROMISES[list];
    return `<li><strong>${escapeHtml(list)}</strong>${promise ? `: ${escapeHtml(promise)}` : ''}</li>`;
  });
  return `<ul class="lists">${items.join('')}</ul>`;
}

/** The newest articles, as links (none without a build: the section is left out). */
function nextReads(): string {
  const articles = announceableItems()
    .filter((item) => item.kind === 'article')
    .slice(0, NEXT_READS);
  if (!articles.length) return '';
  const items = articles.map(
    (a) =>
      `<li><a href="${escapeHtml(a.path)}">${escapeHtml(a.title)}</a><p class="muted">${escapeHtml(a.summary)}</p></li>`,
  );
  return `<h2>${escapeHtml(C.nextReads)}</h2>
<ul class="reads">${items.join('\n')}</ul>
<p><a href="/articles">${escapeHtml(C.allArticles)}</a></p>`;
}

const back = `<p><a href="/">${escapeHtml(T.backHome)}</a></p>`;

/** The page with the confirm button; the button posts to `action` (the link itself). */
export function confirmFormPage(lists: readonly string[], action: string): Response {
  return htmlPage(
    200,
    T.confirmTitle,
    `<p>${escapeHtml(T.confirmIntro(listNames(lists)))}</p>
<p>${escapeHtml(C.listsIntro)}</p>
${listItems(lists)}
<form method="post" action="${escapeHtml(action)}">
<button type="submit">${escapeHtml(T.confirmButton)}</button>
</form>`,
  );
}

/** After the button (or a second press): what the reader will get, and where to go next. */
export function confirmedPage(lists: readonly string[], welcome: boolean): Response {
  const welcomeLine = welcome ? ` ${C.welcomeOnItsWay}` : '';
  return htmlPage(
    200,
    T.confirmedTitle,
    `<p>${escapeHtml(T.confirmedText(listNames(lists)))}</p>
<p>${escapeHtml(C.confirmedLists)}</p>
${listItems(lists)}
<p class="muted">${escapeHtml(`${C.leaveAnyTime}${welcomeLine}`)}</p>
${nextReads()}
${back}`,
  );
}

export function messagePage(status: number, title: string, text: string): Response {
  return htmlPage(status, title, `<p>${escapeHtml(text)}</p>${back}`);
}

/** The page for a link that cannot confirm (anything but 'valid'). */
export function confirmStatePage(state: Exclude<TokenState, { state: 'valid' }>): Response {
  switch (state.state) {
    case 'confirmed':
      return confirmedPage(state.types, state.welcome);
    case 'expired':
      return messagePage(410, T.expiredTitle, T.expiredText);
    case 'unknown':
      return messagePage(404, T.unknownTitle, T.unknownText);
  }
}
