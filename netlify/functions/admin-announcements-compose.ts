// POST /api/admin/announcements/preview and /test. See server/announcements/routes.ts.
import type { Config } from '@netlify/functions';
import { announcementComposeHandler } from '../../server/announcements/routes.ts';

export default announcementComposeHandler;

export const config: Config = { path: ['/api/admin/announcements/preview', '/api/admin/announcements/test'] };
