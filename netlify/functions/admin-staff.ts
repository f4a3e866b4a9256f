// GET /api/admin/staff (the accounts), POST (invite). See server/staff/manage-routes.ts.
import type { Config } from '@netlify/functions';
import { staffHandler } from '../../server/staff/manage-routes.ts';

export default staffHandler;

export const config: Config = { path: '/api/admin/staff' };
