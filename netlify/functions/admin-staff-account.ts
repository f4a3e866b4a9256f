// POST /api/admin/staff/:id/role|sign-out, /api/admin/staff/key/sign-out; DELETE /api/admin/staff/:id.
// See server/staff/manage-routes.ts.
import type { Config } from '@netlify/functions';
import { staffAccountHandler } from '../../server/staff/manage-routes.ts';

export default staffAccountHandler;

export const config: Config = {
  path: ['/api/admin/staff/:id(\\d+)', '/api/admin/staff/:id(\\d+|key)/:action(role|sign-out)'],
};
