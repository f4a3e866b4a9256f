// GET /api/admin/consent?id=|email=: one subscriber's consent history. See server/admin/routes.ts.
import type { Config } from '@netlify/functions';
import { consentHandler } from '../../server/admin/routes.ts';

export default consentHandler('json');

export const config: Config = { path: '/api/admin/consent' };
