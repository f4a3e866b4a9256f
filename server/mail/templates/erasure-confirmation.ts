// The erasure confirmation /privacy promises: what was erased, and the one thing kept (a keyed
// hash of the address on the suppression list and in the consent record).
import { SUBSCRIPTION_MAILS as M } from '../../../src/shared/messages/subscriptions.ts';
import type { MailContent } from './content.ts';

export function erasureConfirmationMail(what: string): MailContent {
  return {
    subject: M.erasedSubject,
    heading: M.erasedHeading,
    blocks: [
      { type: 'paragraph', text: M.erasedDone(what) },
      { type: 'paragraph', text: M.erasedKept },
    ],
    footerNote: M.erasedFooter,
  };
}
