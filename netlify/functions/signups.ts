// POST /api/signups {email, signup_type, source_page}: see server/forms.ts for the answers.
import type { Config } from '@netlify/functions';
import { formHandler } from '../../server/forms.ts';
import { signupEndpoint } from '../../server/signups.ts';

export default formHandler(signupEndpoint);

export const config: Config = {
  path: '/api/signups',
  // No `method`: on Netlify a method mismatch would fall through to a 404; the handler answers
  // 405 with Allow itself, the same on Netlify and in `npm start`.
  //
  // Netlify's edge limit is an outer layer against floods; the per-client limit that the product
  // relies on is ours, in Postgres (server/rate-limit.ts).
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
