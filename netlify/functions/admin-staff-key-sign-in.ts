// POST /api/admin/staff/key-sign-in {enabled}. See server/staff/manage-routes.ts.
import type { Config } from '@netlify/functions';
import { keySignInHandler } from '../../server/staff/manage-routes.ts';

export default keySignInHandler;

export const config: Config = { path: '/api/admin/staff/key-sign-in' };
