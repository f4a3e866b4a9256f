// POST /api/contact {name, email, subject?, message, source_page}: see server/forms.ts.
import type { Config } from '@netlify/functions';
import { formHandler } from '../../server/forms.ts';
import { contactEndpoint } from '../../server/contacts.ts';

export default formHandler(contactEndpoint);

export const config: Config = {
  path: '/api/contact',
  // No `method` (see signups.ts): the handler answers 405 itself.
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
