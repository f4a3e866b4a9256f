// Contact messages from /contact.
import { CONTACT } from '../src/shared/messages/index.ts';
import { validateContact, type ContactData } from '../src/shared/form-schemas.ts';
import { contactFragment } from '../src/shared/form-notices.ts';
import type { Queryable } from './db/client.ts';
import { formRateLimit } from './settings.ts';
import type { FormEndpoint } from './forms.ts';

export async function storeContact(db: Queryable, contact: ContactData): Promise<'created'> {
  await db.query(
    `INSERT INTO contact_submissions (name, email, subject, message, source_page) VALUES ($1, $2, $3, $4, $5)`,
    [contact.name, contact.email, contact.subject, contact.message, contact.source_page],
  );
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
