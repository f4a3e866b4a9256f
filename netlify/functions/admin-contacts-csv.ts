// GET /api/admin/contacts.csv?q=: the list as a streamed CSV file. See server/admin/routes.ts.
import type { Config } from '@netlify/functions';
import { exportHandler } from '../../server/admin/routes.ts';

export default exportHandler('contacts');

export const config: Config = { path: '/api/admin/contacts.csv' };
