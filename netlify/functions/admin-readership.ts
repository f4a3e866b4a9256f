// GET /api/admin/readership?days=7|30|90|365: the dashboard's Readership view. See server/readership/routes.ts.
import type { Config } from '@netlify/functions';
import { readershipHandler } from '../../server/readership/routes.ts';

export default readershipHandler;

export const config: Config = { path: '/api/admin/readership' };
