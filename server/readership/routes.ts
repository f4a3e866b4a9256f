// GET /api/admin/readership?days=7|30|90|365: the dashboard's Readership view, behind the admin
// session like every admin endpoint (admin/endpoint.ts). 400 for any other period.
import { ADMIN_NOTICES } from '../../src/shared/messages/index.ts';
import { adminFunction } from '../admin/endpoint.ts';
import type { ApiHandler } from '../endpoint.ts';
import { json, problem } from '../http.ts';
import { siteTimeZone } from '../settings.ts';
import { parseReadershipDays, readReadership } from './report.ts';

export const readershipHandler: ApiHandler = adminFunction({
  name: 'admin-readership',
  routes: {
    GET: async ({ url, db }) => {
      const days = parseReadershipDays(url);
      if (!days) return problem(400, ADMIN_NOTICES.badRequest);
      return json(200, await readReadership(db, { days, timeZone: siteTimeZone() }));
    },
  },
});
