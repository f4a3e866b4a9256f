// The welcome e-mail of a list, sent once when a reader confirms it (docs/subscriptions.md): the
// owner's words (or the default), what the list brings, a way into the site, and the list's
// unsubscribe and preferences links in the footer, as every e-mail to a subscriber has.
import { LIST_PLACEHOLDER, LIST_PROMISES, WELCOME_MAIL as W } from '../../../src/shared/messages/welcome.ts';
import type { MailBlock, MailContent } from './content.ts';

/** The owner's words as paragraphs: blank lines part them, `{list}` becomes the list's name. */
export function welcomeParagraphs(body: string, list: string): string[] {
  return body
    .replaceAll(LIST_PLACEHOLDER, list)
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

export function welcomeMail(args: {
  list: string;
  body: string;
  articlesUrl: string;
  preferencesUrl: string;
}): MailContent {
  const promise = LIST_PROMISES[args.list];
  const blocks: MailBlock[] = welcomeParagraphs(args.body, args.list).map((text) => ({ type: 'paragraph', text }));
  if (promise) blocks.push({ type: 'paragraph', text: W.whatYouGet(args.list, promise) });
  blocks.push({ type: 'action', label: W.readAction, url: args.articlesUrl });
  return {
    subject: W.subject(args.list),
    preview: W.preview(args.list),
    heading: W.heading(args.list),
    blocks,
    footerLinks: [
      { label: W.unsubscribeLink(args.list), url: args.preferencesUrl },
      { label: W.preferencesLink, url: args.preferencesUrl },
    ],
    footerNote: W.footer(args.list),
  };
}
