// GET /api/admin/consent.csv?id=|email=: one subscriber's consent history as CSV. See server/admin/routes.ts.
import type { Config } from '@netlify/functions';
import { consentHandler } from '../../server/admin/routes.ts';

export default consentHandler('csv');

export const config: Config = { path: '/api/admin/consent.csv' };
