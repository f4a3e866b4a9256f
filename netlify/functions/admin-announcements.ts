// GET /api/admin/announcements (articles, history), POST a draft. See server/announcements/routes.ts.
import type { Config } from '@netlify/functions';
import { announcementsHandler } from '../../server/announcements/routes.ts';

export default announcementsHandler;

export const config: Config = { path: '/api/admin/announcements' };
