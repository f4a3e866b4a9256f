// GET /api/admin/announcements/:id (progress); POST …/:id/send|pause|resume|cancel. See
// server/announcements/routes.ts.
import type { Config } from '@netlify/functions';
import { announcementHandler } from '../../server/announcements/routes.ts';

export default announcementHandler;

export const config: Config = {
  path: ['/api/admin/announcements/:id(\\d+)', '/api/admin/announcements/:id(\\d+)/:action'],
};
