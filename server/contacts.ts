// Contact messages from /contact.
import { CONTACT } from '../src/shared/messages/index.ts';
import { validateContact, type ContactData } from '../src/shared/form-schemas.ts';
import { contactFragment } from '../src/shared/form-notices.ts';
import type { Db } from './db/client.ts';
import { formRateLimit, ownerEmail, siteUrl } from './settings.ts';
import type { FormEndpoint } from './forms.ts';
import { enqueueMail } from './mail/outbox.ts';
import { ownerAlert, replyToName } from './mail/templates/owner-alert.ts';

/** The outbox key of a message's alert, so erasing the message erases the copy in the alert too. */
export const ownerAlertKey = (contactId: string): string => `owner-alert:contact:${contactId}`;

/**
 * Stores the message and, in the same transaction, queues the owner's alert (when OWNER_EMAIL is
 * set): the alert goes to the owner's fixed address, never to one the request chose; the reader's
 * address is only its Reply-To.
 */
export async function storeContact(db: Db, contact: ContactData): Promise<'created'> {
  const owner = ownerEmail();
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO contact_submissions (name, email, subject, message, source_page) VALUES ($1, $2, $3, $4, $5)
       RETURNING id`,
      [contact.name, contact.email, contact.subject, contact.message, contact.source_page],
    );
    if (!owner) return;
    const alert = ownerAlert(contact, siteUrl());
    await enqueueMail(tx, {
      kind: 'owner-alert',
      to: owner,
      subject: alert.subject,
      text: alert.text,
      replyTo: { name: replyToName(contact.name), address: contact.email },
      headers: { 'Auto-Submitted': 'auto-generated' },
      dedupeKey: ownerAlertKey(rows[0]!.id),
    });
  });
  return 'created';
}

export const contactEndpoint: FormEndpoint<ContactData> = {
  name: 'contact',
  limit: () => formRateLimit('contact'),
  validate: validateContact,
  store: storeContact,
  fragment: (_fields, outcome) => contactFragment(outcome),
  failure: CONTACT.failure,
  tooLarge: 'tooLong',
};
