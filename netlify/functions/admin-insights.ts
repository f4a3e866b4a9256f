// GET /api/admin/insights?days=30|90|365: the dashboard's Insights view. See server/admin/routes.ts.
import type { Config } from '@netlify/functions';
import { insightsHandler } from '../../server/admin/routes.ts';

export default insightsHandler;

export const config: Config = { path: '/api/admin/insights' };
