// GET /api/admin/contacts?q=&cursor=&limit=: one page, newest first. See server/admin/routes.ts.
import type { Config } from '@netlify/functions';
import { listHandler } from '../../server/admin/routes.ts';

export default listHandler('contacts');

export const config: Config = { path: '/api/admin/contacts' };
