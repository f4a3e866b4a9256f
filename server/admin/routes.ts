// What each admin function does once endpoint.ts has let the request through. The files in
// netlify/functions/admin-*.ts only mount these on their paths.
import { ADMIN_NOTICES, adminLockedOut } from '../../src/shared/messages/index.ts';
import type { ErrorAnswer, ListKind, SessionInfo } from '../../src/shared/admin-api.ts';
import { SECURITY_HEADERS, json, problem, readBody } from '../http.ts';
import { demoHint, demoLoginRefused } from './demo-hint.ts';
import { DEMO_MODE_NOTICES } from '../../src/shared/messages/security.ts';
import { clearedDeviceCookie, knownDevice, newDeviceCookie } from './device-cookie.ts';
import type { ApiHandler } from '../endpoint.ts';
import { adminFunction } from './endpoint.ts';
import { eraseRow } from './erase.ts';
import { exportCsv } from './export.ts';
import { listPage, parseId, parseListQuery } from './lists.ts';
import { clearedSessionCookie, createSession, endSession, keyMatches, readSession, sessionCookie } from './sessions.ts';
import { STAFF_NOTICES } from '../../src/shared/messages/staff.ts';
import { KEY_ACTOR, recordAudit } from '../staff/audit.ts';
import { keySignInEnabled } from '../staff/switches.ts';
import { readStats } from './stats.ts';
import { parseInsightsDays, readInsights } from './insights.ts';
import { siteTimeZone } from '../settings.ts';
import { beginAttempt } from './throttle.ts';
import { parseMailQuery, readMailPage, retryMail } from './mail.ts';
import { wakeSender } from '../mail/wake.ts';
import { consentCsv, parseConsentSubject, readConsentHistory } from './consent.ts';

const ADMIN: SessionInfo = { role: 'admin', email: null, staffRole: 'owner', recent: true };

/**
 * /api/admin/session
 *   GET     200 {role: "admin", email, staffRole, recent} with a live session (email null: the key's); else 401 (plus `demoKeyFile`, where the key
 *           is kept, in local demo mode, to a browser on this machine only: demo-hint.ts)
 *   POST    {key}: 200 {role: "admin"} and the session cookie (and a device cookie for a browser
 *           without one: device-cookie.ts); 401 wrong key; 429 when locked out; 403 in local
 *           demo mode through a proxy or from a page not at a loopback origin, or once the owner
 *           switched key sign-in off (../staff/switches.ts)
 *   DELETE  ends the session: 204, and the session and device cookies are cleared
 */
export const sessionHandler: ApiHandler = adminFunction({
  name: 'admin-session',
  requireSession: false,
  routes: {
    GET: async ({ req, context, db, key }) => {
      const session = await readSession(db, key, req);
      if (session) {
        const { email, role, recent } = session;
        return json(200, { role: 'admin', email, staffRole: role, recent } satisfies SessionInfo);
      }
      const answer: ErrorAnswer = { error: ADMIN_NOTICES.sessionRequired };
      const keyFile = demoHint(req, context.ip);
      if (keyFile) answer.demoKeyFile = keyFile;
      return json(401, answer);
    },
    POST: async ({ req, context, db, key }) => {
      const body = await readBody(req);
      if (!body.ok) return body.response;
      if (demoLoginRefused(req, context.ip)) return problem(403, DEMO_MODE_NOTICES.localOnly);
      const given = (body.fields as { key?: unknown } | null)?.key;
      if (typeof given !== 'string') return problem(400, ADMIN_NOTICES.badRequest);

      if (!(await keySignInEnabled(db))) return problem(403, STAFF_NOTICES.keySignInOff);

      const device = await knownDevice(db, req);
      const attempt = await beginAttempt(db, context.ip, device);
      if (!attempt.allowed) {
        return problem(429, adminLockedOut(attempt.retryAfter), { 'Retry-After': String(attempt.retryAfter) });
      }
      const correct = keyMatches(given, key);
      await attempt.settle(correct);
      const action = correct ? 'sign-in' : 'sign-in-failed';
      await recordAudit(db, { actor: KEY_ACTOR, action, detail: 'key', ip: context.ip });
      if (!correct) return problem(401, ADMIN_NOTICES.invalidKey);

      // A new session each time (never reuse one the browser brings), the old one ended.
      await endSession(db, key, req);
      const token = await createSession(db, key);
      const answer = json(200, ADMIN, { 'Set-Cookie': sessionCookie(token) });
      if (!device) answer.headers.append('Set-Cookie', await newDeviceCookie(db));
      return answer;
    },
    DELETE: async ({ req, context, db, key }) => {
      const session = await readSession(db, key, req);
      if (session) await recordAudit(db, { actor: session, action: 'sign-out', ip: context.ip });
      await endSession(db, key, req);
      // The device cookie goes too: a browser someone logged out of is not the owner's known one.
      const headers = new Headers({ ...SECURITY_HEADERS, 'Set-Cookie': clearedSessionCookie() });
      headers.append('Set-Cookie', clearedDeviceCookie());
      return new Response(null, { status: 204, headers });
    },
  },
});

/** GET /api/admin/stats */
export const statsHandler: ApiHandler = adminFunction({
  name: 'admin-stats',
  routes: { GET: async ({ db }) => json(200, await readStats(db)) },
});

/** GET /api/admin/insights?days=30|90|365 (default 30); 400 for any other value. */
export const insightsHandler: ApiHandler = adminFunction({
  name: 'admin-insights',
  routes: {
    GET: async ({ url, db }) => {
      const days = parseInsightsDays(url);
      if (!days) return problem(400, ADMIN_NOTICES.badRequest);
      return json(200, await readInsights(db, { days, timeZone: siteTimeZone() }));
    },
  },
});

/** GET /api/admin/{contacts,signups}?q=&cursor=&limit= */
export function listHandler(kind: ListKind): ApiHandler {
  return adminFunction({
    name: `admin-${kind}`,
    routes: {
      GET: async ({ url, db, audit }) => {
        const parsed = parseListQuery(url);
        if (!parsed.ok) return problem(400, ADMIN_NOTICES.badRequest);
        // The first page of a list is a view of it; its next pages and the search text are not recorded.
        if (!parsed.query.cursor) await audit('view-list', kind);
        return json(200, await listPage(db, kind, parsed.query));
      },
    },
  });
}

/** GET /api/admin/{contacts,signups}.csv?q= */
export function exportHandler(kind: ListKind): ApiHandler {
  return adminFunction({
    name: `admin-${kind}-csv`,
    routes: {
      GET: async ({ url, db, audit }) => {
        const parsed = parseListQuery(url);
        if (!parsed.ok || parsed.query.cursor) return problem(400, ADMIN_NOTICES.badRequest);
        await audit('export', parsed.query.q ? `${kind} (searched)` : kind);
        return exportCsv(db, kind, parsed.query.q, parsed.query.status);
      },
    },
  });
}

/** DELETE /api/admin/{contacts,signups}/:id: 204, or 404 when there is no such row. */
export function eraseHandler(kind: ListKind): ApiHandler {
  return adminFunction({
    name: `admin-${kind}-erase`,
    routes: {
      DELETE: async ({ context, db, url, audit }) => {
        const id = parseId(context.params?.id);
        // ?notify=yes: the person asked for the erasure and is told by e-mail (admin/erase.ts).
        const notify = url.searchParams.get('notify') === 'yes';
        if (!id || !(await eraseRow(db, kind, id, notify))) return problem(404, ADMIN_NOTICES.notFound);
        // The act and the row number, never the erased address (../staff/audit.ts).
        await audit('erase', `${kind} #${id}`);
        // The erasure's confirmation e-mail was queued with it: deliver it now (mail/outbox.ts).
        wakeSender(context.waitUntil);
        return new Response(null, { status: 204, headers: SECURITY_HEADERS });
      },
    },
  });
}

/** GET /api/admin/mail?status=&before=: the outbox, newest first (src/shared/admin-mail-api.ts). */
export const mailListHandler: ApiHandler = adminFunction({
  name: 'admin-mail',
  routes: {
    GET: async ({ url, db, audit }) => {
      const query = parseMailQuery(url);
      if (!query) return problem(400, ADMIN_NOTICES.badRequest);
      if (!url.searchParams.get('before')) await audit('view-list', 'mail');
      return json(200, await readMailPage(db, query));
    },
  },
});

/** POST /api/admin/mail/:id/retry: 204 and the mail is queued again; 404 when no failed mail has that id. */
export const mailRetryHandler: ApiHandler = adminFunction({
  name: 'admin-mail-retry',
  routes: {
    POST: async ({ context, db }) => {
      const id = parseId(context.params?.id);
      if (!id || !(await retryMail(db, id))) return problem(404, ADMIN_NOTICES.notFound);
      const { waitUntil } = context;
      wakeSender(waitUntil ? (work) => waitUntil(work) : undefined, { force: true });
      return new Response(null, { status: 204, headers: SECURITY_HEADERS });
    },
  },
});

/**
 * GET /api/admin/consent?id=|email=       {events: [...]}, oldest first (empty: no record)
 * GET /api/admin/consent.csv?id=|email=   the same as consent-history.csv
 */
export function consentHandler(format: 'json' | 'csv'): ApiHandler {
  return adminFunction({
    name: format === 'csv' ? 'admin-consent-csv' : 'admin-consent',
    routes: {
      GET: async ({ url, db, audit }) => {
        const subject = parseConsentSubject(url);
        if (!subject) return problem(400, ADMIN_NOTICES.badRequest);
        await audit(format === 'csv' ? 'export' : 'view-list', 'consent history');
        const events = await readConsentHistory(db, subject);
        return format === 'csv' ? consentCsv(events) : json(200, { events });
      },
    },
  });
}
