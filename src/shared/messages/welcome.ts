/**
 * The welcome e-mail a reader gets for each list they confirm (docs/subscriptions.md), the
 * confirmation page's words around it, and the dashboard's panel where the owner edits it.
 */

/** A list's name (forms.ts SIGNUP_TYPES). */
type ListName = string;

/** What each list brings, in the reader's words: on the confirmation page and in the welcome. */
export const LIST_PROMISES: Readonly<Record<ListName, string>> = {
  Updates: 'one e-mail each time we publish a new article or story on natural fibers',
  Newsletter: 'one thoughtful e-mail a month with new articles, care tips and what we are learning',
  Movement: 'news of the movement for honest, natural clothing and how to take part, when there is news worth sharing',
};

/** Where `{list}` stands in the owner's words, the list's name goes. */
export const LIST_PLACEHOLDER = '{list}';

/** The welcome's words when the owner has not written their own (blank lines part paragraphs). */
export const DEFAULT_WELCOME_BODY = `Thank you for confirming: you are now on our ${LIST_PLACEHOLDER} list.

We write about clothing made from linen, hemp, wool, cotton and silk: how it is grown and made, how to care for it, and what the research says. No ads, and we never share your address.

If you have a question or an idea for an article, write to us from the contact page on our site; we read every message.`;

/** The most the owner's words may run to (migration 013 holds the same limit). */
export const WELCOME_BODY_MAX = 2000;

export const WELCOME_MAIL = {
  subject: (list: ListName) => `Welcome to ${list} from Rooted Threads`,
  preview: (list: ListName) => `You are on the ${list} list. Here is what to expect.`,
  heading: (list: ListName) => `Welcome to ${list}`,
  whatYouGet: (list: ListName, promise: string) => `What ${list} brings you: ${promise}.`,
  readAction: 'Read our latest articles',
  footer: (list: ListName) => `You get this e-mail because you confirmed your ${list} sign-up on our site.`,
  unsubscribeLink: (list: ListName) => `Unsubscribe from ${list}`,
  preferencesLink: 'Manage your e-mails',
} as const;

/** The confirmation page (the page behind the confirmation e-mail's link). */
export const CONFIRM_PAGE = {
  listsIntro: 'You asked for:',
  confirmedLists: 'You will now receive:',
  welcomeOnItsWay: 'A short welcome e-mail is on its way to you.',
  leaveAnyTime: 'Every e-mail we send has a link to leave in one click.',
  nextReads: 'While you are here',
  allArticles: 'All articles',
  navLabel: 'Site',
  footerNavLabel: 'About this site',
  footerLinks: [
    { label: 'Articles', href: '/articles' },
    { label: 'Contact', href: '/contact' },
    { label: 'Privacy', href: '/privacy' },
    { label: 'Terms', href: '/terms' },
  ],
  navLinks: [
    { label: 'Home', href: '/' },
    { label: 'Articles', href: '/articles' },
    { label: 'Contact', href: '/contact' },
  ],
} as const;

/** The dashboard's panel for the welcome e-mail (in the Mail view). */
export const WELCOME_LABELS = {
  title: 'Welcome e-mail',
  hint: `Sent once for each list a reader confirms, with their unsubscribe link. Write ${LIST_PLACEHOLDER} where the list's name should go; leave a blank line between paragraphs.`,
  enabled: 'Send a welcome e-mail after a reader confirms',
  body: 'Words of the welcome e-mail',
  save: 'Save welcome e-mail',
  saving: 'Saving…',
  reset: 'Use the default words',
  saved: { title: 'Saved', text: 'The next welcome e-mail uses these settings.' },
  failed: { title: 'Not saved', text: 'The welcome e-mail could not be saved. Please try again.' },
  tooLong: (max: number) => `At most ${max} characters.`,
  loading: 'Loading the welcome e-mail…',
} as const;
