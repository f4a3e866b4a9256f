// The confirmation e-mail of a sign-up (docs/subscriptions.md): the link opens a page whose button
// confirms; the footer carries the preferences link, where the sign-up can be withdrawn at once.
import { SUBSCRIPTION_MAILS as M } from '../../../src/shared/messages/subscriptions.ts';
import type { MailContent } from './content.ts';

export function signupConfirmationMail(args: {
  type: string;
  confirmUrl: string;
  preferencesUrl: string;
}): MailContent {
  return {
    subject: M.confirmSubject(args.type),
    preview: M.confirmPreview,
    heading: M.confirmHeading,
    blocks: [
      { type: 'paragraph', text: M.confirmAsked(args.type) },
      { type: 'action', label: M.confirmAction, url: args.confirmUrl },
      { type: 'paragraph', text: M.confirmIgnore },
    ],
    footerLinks: [
      { label: M.unsubscribeLink, url: args.preferencesUrl },
      { label: M.preferencesLink, url: args.preferencesUrl },
    ],
    footerNote: M.confirmFooter,
  };
}
