// GET /api/admin/audit.csv (the filtered audit log). See server/staff/manage-routes.ts.
import type { Config } from '@netlify/functions';
import { auditHandler } from '../../server/staff/manage-routes.ts';

export default auditHandler('csv');

export const config: Config = { path: '/api/admin/audit.csv' };
