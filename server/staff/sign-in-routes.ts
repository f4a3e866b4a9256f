// Staff sign-in without a session, and adding a passkey with one (issue 36). Mounted by
// netlify/functions/admin-sign-in.ts and admin-passkey.ts.
//   POST /api/admin/sign-in/invitation       {token}   200 signed in (the invitation is used up);
//                                                      404 unknown, 410 expired or used
//   POST /api/admin/sign-in/code             {email}   202 always the same answer (a code is mailed
//                                                      only to an active account)
//   POST /api/admin/sign-in/code-verify      {email, code}  200 signed in; 401 wrong, 404 no code,
//                                                      410 expired, used or locked
//   POST /api/admin/sign-in/passkey-options  {}        200 {options, ticket}
//   POST /api/admin/sign-in/passkey          {ticket, response}  200 signed in; 401 not accepted
//   POST /api/admin/passkey/options|register (signed in as an account) 200 {options, ticket} / 201
// Every step without a session but passkey-options is throttled (throttle.ts): 429 with Retry-After.
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';
import { ADMIN_NOTICES } from '../../src/shared/messages/index.ts';
import { STAFF_NOTICES } from '../../src/shared/messages/staff.ts';
import { codeRequestSchema, codeSignInSchema, tokenSchema } from '../../src/shared/staff-schemas.ts';
import type { SessionInfo } from '../../src/shared/admin-api.ts';
import type { Db } from '../db/client.ts';
import type { ApiHandler } from '../endpoint.ts';
import { json, problem, readBody } from '../http.ts';
import { wakeSender } from '../mail/wake.ts';
import { adminFunction, type AdminCall } from '../admin/endpoint.ts';
import { createSession, endSession, sessionCookie } from '../admin/sessions.ts';
import { acceptInvitation } from './accounts.ts';
import { recordAudit } from './audit.ts';
import { checkCode, requestCode } from './codes.ts';
import { relyingParty, registrationOptions, signInOptions, verifyRegistration, verifySignIn } from './passkeys.ts';
import { staffAttempt } from './throttle.ts';

const ticketed = z.object({ ticket: z.string().regex(/^[A-Za-z0-9_-]{43}$/), response: z.looseObject({}) });

async function accountOf(db: Db, email: string): Promise<{ staffId: string; email: string } | undefined> {
  const { rows } = await db.query<{ id: string }>('SELECT id::text AS id FROM staff_accounts WHERE email = $1', [
    email,
  ]);
  return rows[0] ? { staffId: rows[0].id, email } : undefined;
}

/** Starts the account's session (a new one: the browser's old one ends) and records the sign-in. */
async function signedIn(call: AdminCall, staffId: string, method: string): Promise<Response> {
  const { db, key, req, context } = call;
  const { rows } = await db.query<{ email: string; role: SessionInfo['staffRole'] }>(
    'SELECT email, role FROM staff_accounts WHERE id = $1',
    [staffId],
  );
  const account = rows[0]!;
  await endSession(db, key, req);
  const token = await createSession(db, key, { staffId, method });
  await recordAudit(db, {
    actor: { staffId, email: account.email },
    action: 'sign-in',
    detail: method,
    ip: context.ip,
  });
  const info: SessionInfo = { role: 'admin', email: account.email, staffRole: account.role, recent: true };
  return json(200, info, { 'Set-Cookie': sessionCookie(token) });
}

async function failed(call: AdminCall, method: string, email?: string): Promise<void> {
  const actor = (email && (await accountOf(call.db, email))) || '(no account)';
  await recordAudit(call.db, { actor, action: 'sign-in-failed', detail: method, ip: call.context.ip });
}

async function fields<T>(req: Request, schema: z.ZodType<T>): Promise<T | Response> {
  const body = await readBody(req);
  if (!body.ok) return body.response;
  const parsed = schema.safeParse(body.fields ?? {});
  return parsed.success ? parsed.data : problem(400, ADMIN_NOTICES.badRequest);
}

const throttled = (seconds: number) => problem(429, STAFF_NOTICES.throttled, { 'Retry-After': String(seconds) });

type Step = (call: AdminCall) => Promise<Response>;

const STEPS: Record<string, Step> = {
  invitation: async (call) => {
    const input = await fields(call.req, tokenSchema);
    if (input instanceof Response) return input;
    const wait = await staffAttempt(call.db, call.context.ip);
    if (wait) return throttled(wait);
    const result = await acceptInvitation(call.db, input.token);
    if (result.kind === 'unknown') return problem(404, STAFF_NOTICES.invitationUnknown);
    if (result.kind === 'expired') return problem(410, STAFF_NOTICES.invitationExpired);
    return signedIn(call, result.staffId, 'invitation');
  },
  code: async (call) => {
    const input = await fields(call.req, codeRequestSchema);
    if (input instanceof Response) return input;
    const wait = await staffAttempt(call.db, call.context.ip, input.email);
    if (wait) return throttled(wait);
    await requestCode(call.db, input.email);
    wakeSender(call.context.waitUntil);
    return json(202, { notice: STAFF_NOTICES.codeSent });
  },
  'code-verify': async (call) => {
    const input = await fields(call.req, codeSignInSchema);
    if (input instanceof Response) return input;
    const wait = await staffAttempt(call.db, call.context.ip, input.email);
    if (wait) return throttled(wait);
    const result = await checkCode(call.db, input.email, input.code);
    if (result.kind === 'ok') return signedIn(call, result.staffId, 'code');
    await failed(call, 'code', input.email);
    if (result.kind === 'unknown') return problem(404, STAFF_NOTICES.codeUnknown);
    if (result.kind === 'expired') return problem(410, STAFF_NOTICES.codeExpired);
    return problem(401, STAFF_NOTICES.codeWrong);
  },
  // Not counted: the dashboard asks for options on every visit of the gate (conditional UI), and
  // options open nothing; the signed answer (below) is what is counted.
  'passkey-options': async (call) => json(200, await signInOptions(call.db, relyingParty(call.req))),
  passkey: async (call) => {
    const input = await fields(call.req, ticketed);
    if (input instanceof Response) return input;
    const wait = await staffAttempt(call.db, call.context.ip);
    if (wait) return throttled(wait);
    const response = input.response as unknown as AuthenticationResponseJSON;
    const staffId = await verifySignIn(call.db, relyingParty(call.req), input.ticket, response);
    if (staffId) return signedIn(call, staffId, 'passkey');
    await failed(call, 'passkey');
    return problem(401, STAFF_NOTICES.passkeyFailed);
  },
};

export const signInHandler: ApiHandler = adminFunction({
  name: 'admin-sign-in',
  requireSession: false,
  routes: {
    POST: async (call) => {
      const step = STEPS[call.context.params?.step ?? ''];
      return step ? step(call) : problem(404, ADMIN_NOTICES.notFound);
    },
  },
});

export const passkeyHandler: ApiHandler = adminFunction({
  name: 'admin-passkey',
  routes: {
    POST: async (call) => {
      const staffId = call.session?.staffId;
      // The key's session is nobody in particular: a passkey belongs to an account.
      if (!staffId) return problem(403, STAFF_NOTICES.roleForbidden);
      const rp = relyingParty(call.req);
      const step = call.context.params?.step;
      if (step === 'options') return json(200, await registrationOptions(call.db, rp, staffId));
      if (step !== 'register') return problem(404, ADMIN_NOTICES.notFound);
      const input = await fields(call.req, ticketed);
      if (input instanceof Response) return input;
      const response = input.response as unknown as RegistrationResponseJSON;
      if (!(await verifyRegistration(call.db, rp, staffId, input.ticket, response))) {
        return problem(400, STAFF_NOTICES.passkeyFailed);
      }
      await call.audit('passkey-added');
      return json(201, { notice: STAFF_NOTICES.passkeyAdded });
    },
  },
});
