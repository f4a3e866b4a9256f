// /api/admin/welcome-mail: the welcome e-mail's settings (server/subscriptions/welcome.ts).
//   GET  200 {enabled, body, defaultBody}
//   POST {enabled, body}: 200 with the settings saved; 400 for anything else, nothing stored
import { ADMIN_NOTICES } from '../../src/shared/messages/index.ts';
import { welcomeSettingsSchema } from '../../src/shared/welcome-mail-api.ts';
import type { ApiHandler } from '../endpoint.ts';
import { json, problem, readBody } from '../http.ts';
import { readWelcomeSettings, saveWelcomeSettings } from '../subscriptions/welcome.ts';
import { adminFunction } from './endpoint.ts';

export const welcomeMailHandler: ApiHandler = adminFunction({
  name: 'admin-welcome-mail',
  routes: {
    GET: async ({ db }) => json(200, await readWelcomeSettings(db)),
    POST: async ({ req, db }) => {
      const body = await readBody(req);
      if (!body.ok) return body.response;
      const parsed = welcomeSettingsSchema.safeParse(body.fields);
      if (!parsed.success) return problem(400, ADMIN_NOTICES.badRequest);
      return json(200, await saveWelcomeSettings(db, parsed.data));
    },
  },
});
