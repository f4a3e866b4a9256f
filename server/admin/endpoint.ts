// The admin functions on the one request pipeline (../endpoint.ts):
//   method → configured (ADMIN_KEY, else 503) → same-site origin for changes → session → the route
import { ADMIN_NOTICES } from '../../src/shared/messages/index.ts';
import { getDb, type Db } from '../db/client.ts';
import { apiHandler, type ApiCall, type ApiHandler, type Method } from '../endpoint.ts';
import { problem } from '../http.ts';
import { adminKey } from './config.ts';
import { checkSession } from './sessions.ts';

export interface AdminCall extends ApiCall {
  db: Db;
  /** The admin key in force. */
  key: string;
}

export type AdminRoute = (call: AdminCall) => Promise<Response>;

export interface AdminEndpoint {
  name: string;
  routes: Partial<Record<Method, AdminRoute>>;
  /** False only for /api/admin/session, which is how a session starts. */
  requireSession?: boolean;
}

export function adminFunction({ name, routes, requireSession = true }: AdminEndpoint): ApiHandler {
  const methods = Object.keys(routes) as Method[];
  return apiHandler({
    name,
    methods,
    unavailable: () => (adminKey() ? undefined : problem(503, ADMIN_NOTICES.notConfigured)),
    // A change (log in, log out, delete) from another site is refused whatever it carries.
    sameSiteFor: methods.filter((m) => m !== 'GET' && m !== 'HEAD'),
    forbidden: ADMIN_NOTICES.forbidden,
    failure: ADMIN_NOTICES.serverError,
    run: async (call) => {
      const key = adminKey()!;
      const db = getDb();
      if (requireSession && !(await checkSession(db, key, call.req))) {
        return problem(401, ADMIN_NOTICES.sessionRequired);
      }
      return routes[call.req.method as Method]!({ ...call, db, key });
    },
  });
}
