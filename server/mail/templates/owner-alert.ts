// The owner's alert of a new contact message: plain text only (it is read and answered, not
// designed), Reply-To the reader so answering is one click. The reader's words stay in the body;
// the subject carries their name and subject made one line by enqueueMail (outbox.ts).
import type { ContactData } from '../../../src/shared/form-schemas.ts';
import { MAIL_BRAND } from './brand.ts';

export interface OwnerAlert {
  subject: string;
  text: string;
}

export function ownerAlert(contact: ContactData, siteUrl: string): OwnerAlert {
  const about = contact.subject ? `: ${contact.subject}` : '';
  const lines = [
    `${contact.name} <${contact.email}> wrote through the contact form (${siteUrl}${contact.source_page}).`,
    '',
    ...(contact.subject ? [`Subject: ${contact.subject}`, ''] : []),
    contact.message,
    '',
    '-- ',
    `Reply to this e-mail to answer ${contact.name} directly.`,
    `Every message is in the dashboard: ${siteUrl}/admin`,
    `${MAIL_BRAND.name} website`,
  ];
  return { subject: `New message from ${contact.name}${about}`, text: `${lines.join('\n')}\n` };
}
