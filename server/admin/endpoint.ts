// The admin functions on the one request pipeline (../endpoint.ts):
//   method → configured (ADMIN_KEY, else 503) → same-site origin for changes → session (401)
//   → the holder's role may call this (../staff/policy.ts, else 403) → a recent sign-in for the
//   sensitive acts (else 403 with `reauth: true`) → the route
import { ADMIN_NOTICES } from '../../src/shared/messages/index.ts';
import { STAFF_NOTICES } from '../../src/shared/messages/staff.ts';
import type { AuditAction } from '../../src/shared/staff-api.ts';
import { getDb, type Db } from '../db/client.ts';
import { apiHandler, type ApiCall, type ApiHandler, type Method } from '../endpoint.ts';
import { json, problem } from '../http.ts';
import { recordAudit } from '../staff/audit.ts';
import { ruleFor } from '../staff/policy.ts';
import { adminKey } from './config.ts';
import { readSession, type LiveSession } from './sessions.ts';

export interface AdminCall extends ApiCall {
  db: Db;
  /** The admin key in force. */
  key: string;
  /** The caller's session (absent only on the endpoints that need none: the sign-ins). */
  session?: LiveSession;
  /** Records an act of the caller in the audit log (../staff/audit.ts). */
  audit: (action: AuditAction, detail?: string) => Promise<void>;
}

export type AdminRoute = (call: AdminCall) => Promise<Response>;

export interface AdminEndpoint {
  name: string;
  routes: Partial<Record<Method, AdminRoute>>;
  /** False only for the sign-in endpoints, which are how a session starts. */
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
      const method = call.req.method as Method;
      let session: LiveSession | undefined;
      if (requireSession) {
        session = await readSession(db, key, call.req);
        if (!session) return problem(401, ADMIN_NOTICES.sessionRequired);
        const rule = ruleFor(name, method);
        if (!rule || !rule.roles.includes(session.role)) return problem(403, STAFF_NOTICES.roleForbidden);
        if (rule.reauth?.(call.url) && !session.recent) {
          return json(403, { error: STAFF_NOTICES.reauthRequired, reauth: true });
        }
      }
      const audit = async (action: AuditAction, detail?: string) => {
        if (session) await recordAudit(db, { actor: session, action, detail, ip: call.context.ip });
      };
      return routes[method]!({ ...call, db, key, session, audit });
    },
  });
}
