// The owner's alert of a new contact message: plain text only (it is read and answered, not
// designed), Reply-To the reader so answering is one click. Everything the reader typed is shown
// as data, never as the alert's own words (third audit, item 8): the name, address and subject on
// labelled lines, and every line of the message behind QUOTE, so no message can draw a line that
// looks like the alert's framing or its footer (say, a dashboard link of its own). The subject
// carries their name and subject made one line by enqueueMail (outbox.ts).
import type { ContactData } from '../../../src/shared/form-schemas.ts';
import { MAIL_BRAND } from './brand.ts';

export interface OwnerAlert {
  subject: string;
  text: string;
}

/** What starts every line of the reader's message in the alert. */
export const QUOTE = '| ';

/**
 * The reader's name as Reply-To's display name, or undefined for none: RFC 2047 encoded words
 * (which some mail programs decode even inside quotes), angle brackets, @, quotes and backslashes
 * are taken out, so no name can read as "Owner <owner@…>". The address is Reply-To's address.
 */
export function replyToName(name: string): string | undefined {
  const plain = name
    .replace(/=\?[^?]*\?[bq]\?[^?]*\?=/gi, ' ')
    .replace(/[<>@"\\=?]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain || undefined;
}

export function ownerAlert(contact: ContactData, siteUrl: string): OwnerAlert {
  const about = contact.subject ? `: ${contact.subject}` : '';
  const lines = [
    `A new message came through the contact form at ${siteUrl}${contact.source_page}.`,
    'What the sender typed (unverified):',
    '',
    `  Name:    ${contact.name}`,
    `  E-mail:  ${contact.email}`,
    ...(contact.subject ? [`  Subject: ${contact.subject}`] : []),
    '',
    `Their message, each line marked "${QUOTE.trim()}":`,
    ...contact.message.split(/\r?\n/).map((line) => `${QUOTE}${line}`.trimEnd()),
    '',
    '-- ',
    'Reply to this e-mail to answer the sender directly.',
    `Every message is in the dashboard: ${siteUrl}/admin`,
    `${MAIL_BRAND.name} website`,
  ];
  // The subject names the sender the way Reply-To does: no encoded word or address a client could show.
  return {
    subject: `New message from ${replyToName(contact.name) ?? 'a reader'}${about}`,
    text: `${lines.join('\n')}\n`,
  };
}
