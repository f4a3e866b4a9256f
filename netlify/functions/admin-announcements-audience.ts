// GET /api/admin/announcements/audience?types=: the count. See server/announcements/routes.ts.
import type { Config } from '@netlify/functions';
import { announcementAudienceHandler } from '../../server/announcements/routes.ts';

export default announcementAudienceHandler;

export const config: Config = { path: '/api/admin/announcements/audience' };
