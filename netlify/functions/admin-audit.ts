// GET /api/admin/audit (the audit log, one page). See server/staff/manage-routes.ts.
import type { Config } from '@netlify/functions';
import { auditHandler } from '../../server/staff/manage-routes.ts';

export default auditHandler('json');

export const config: Config = { path: '/api/admin/audit' };
