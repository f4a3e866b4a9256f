// GET /api/admin/stats: the dashboard's stat cards. See server/admin/routes.ts.
import type { Config } from '@netlify/functions';
import { statsHandler } from '../../server/admin/routes.ts';

export default statsHandler;

export const config: Config = { path: '/api/admin/stats' };
