// The one pipeline of every admin function:
//   method → configured (ADMIN_KEY) → same-site origin for changes → session → the route
// Every answer carries the API's security headers (Cache-Control: no-store among them); failures
// of ours are 5xx with a generic text and a log line that holds no personal data.
import { ADMIN_NOTICES } from '../../src/messages.ts';
import { getDb, errorCode, isUnavailable, type Db } from '../db/client.ts';
import { isSameSite, problem } from '../http.ts';
import { adminKey } from './config.ts';
import { checkSession } from './sessions.ts';

/** What the functions need of Netlify's Context (tests can pass just this). */
export interface AdminContext {
  ip: string;
  params?: Record<string, string | undefined>;
  site?: { url?: string };
}

export interface AdminCall {
  req: Request;
  url: URL;
  context: AdminContext;
  db: Db;
  /** The admin key in force. */
  key: string;
}

type Method = 'GET' | 'POST' | 'DELETE';
export type AdminRoute = (call: AdminCall) => Promise<Response>;

export interface AdminEndpoint {
  name: string;
  routes: Partial<Record<Method, AdminRoute>>;
  /** False only for /api/admin/session, which is how a session starts. */
  requireSession?: boolean;
}

export type AdminHandler = (req: Request, context: AdminContext) => Promise<Response>;

export function adminFunction({ name, routes, requireSession = true }: AdminEndpoint): AdminHandler {
  const allow = Object.keys(routes);
  return async (req, context) => {
    const route = routes[req.method as Method];
    if (!route) {
      return problem(
        405,
        { title: 'Method Not Allowed', text: `Use ${allow.join(' or ')}.` },
        { Allow: allow.join(', ') },
      );
    }
    const key = adminKey();
    if (!key) return problem(503, ADMIN_NOTICES.notConfigured);
    // A change (log in, log out, delete) from another site is refused whatever it carries.
    if (req.method !== 'GET' && !isSameSite(req, context.site?.url ? [context.site.url] : [])) {
      return problem(403, ADMIN_NOTICES.forbidden);
    }
    try {
      const db = getDb();
      if (requireSession && !(await checkSession(db, key, req))) return problem(401, ADMIN_NOTICES.sessionRequired);
      return await route({ req, url: new URL(req.url), context, db, key });
    } catch (err) {
      const unavailable = isUnavailable(err);
      console.error(
        `${name}: ${unavailable ? 'database unavailable' : 'failed'} (${errorCode(err) ?? 'no code'}): ${err instanceof Error ? err.message : String(err)}`,
      );
      return problem(unavailable ? 503 : 500, ADMIN_NOTICES.serverError, unavailable ? { 'Retry-After': '30' } : {});
    }
  };
}
