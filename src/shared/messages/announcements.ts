// The announcement e-mails' and the dashboard's Send view's strings (issue 23; docs/announcements.md).
import type { SignupType } from './forms.ts';

export const ANNOUNCEMENT_MAIL = {
  readArticle: 'Read the article',
  readStory: 'Read the story',
  visitSite: 'Visit the site',
  unsubscribe: 'Unsubscribe',
  preferences: 'Your e-mail preferences',
  /** Why the reader gets this e-mail (footer). */
  why: (types: readonly SignupType[]) =>
    `You get this e-mail because you subscribed to Rooted Threads ${types.join(' or ')} e-mails.`,
  testPrefix: '[Test] ',
} as const;

export const ANNOUNCEMENT_NOTICES = {
  unknownSource: { title: 'Unknown Article', text: 'That article or story is not on the site.' },
  notDraft: { title: 'Already Sent', text: 'This announcement has already been sent.' },
  noRecipients: { title: 'No Recipients', text: 'No confirmed subscriber of those types to send to.' },
  noOwner: { title: 'No Owner Address', text: 'Set OWNER_EMAIL to send a test to yourself.' },
  badState: { title: 'Not Possible Now', text: 'The announcement is not in a state that allows that.' },
} as const;
