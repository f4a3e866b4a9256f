// The owner's staff view and the audit log (issue 36; roles: policy.ts). Mounted by
// netlify/functions/admin-staff*.ts and admin-audit*.ts.
//   GET    /api/admin/staff                   {accounts, keySessions, keySignIn}
//   POST   /api/admin/staff                   {email, role} → 201 invited (mail queued); 409 already an account
//   POST   /api/admin/staff/:id/role          {role} → 204; 409 when no active owner would be left
//   POST   /api/admin/staff/:id/sign-out      → 204: every session of the account ends
//   POST   /api/admin/staff/key/sign-out      → 204: every session the key opened ends
//   DELETE /api/admin/staff/:id               → 204: the account, its passkeys and sessions are gone
//   POST   /api/admin/staff/key-sign-in       {enabled} → 204; 409 switching off without an owner account
//   GET    /api/admin/audit?action=&actor=&before=   one page, newest first
//   GET    /api/admin/audit.csv?action=&actor=       the filtered log as audit-log.csv
import { z } from 'zod';
import { ADMIN_NOTICES } from '../../src/shared/messages/index.ts';
import { STAFF_NOTICES } from '../../src/shared/messages/staff.ts';
import { inviteSchema, roleSchema } from '../../src/shared/staff-schemas.ts';
import type { ApiHandler } from '../endpoint.ts';
import { SECURITY_HEADERS, json, problem, readBody } from '../http.ts';
import { wakeSender } from '../mail/wake.ts';
import { adminFunction } from '../admin/endpoint.ts';
import { parseId } from '../admin/lists.ts';
import { inviteStaff, listStaff, removeStaff, setRole, signOutEverywhere, staffEmailOf } from './accounts.ts';
import { auditCsv, parseAuditQuery, readAudit } from './audit.ts';
import { setKeySignIn } from './switches.ts';

const done = () => new Response(null, { status: 204, headers: SECURITY_HEADERS });

async function fields<T>(req: Request, schema: z.ZodType<T>): Promise<T | Response> {
  const body = await readBody(req);
  if (!body.ok) return body.response;
  const parsed = schema.safeParse(body.fields ?? {});
  return parsed.success ? parsed.data : problem(400, ADMIN_NOTICES.badRequest);
}

export const staffHandler: ApiHandler = adminFunction({
  name: 'admin-staff',
  routes: {
    GET: async ({ db }) => json(200, await listStaff(db)),
    POST: async ({ req, context, db, audit }) => {
      const input = await fields(req, inviteSchema);
      if (input instanceof Response) return input;
      const result = await inviteStaff(db, input);
      if (result.kind === 'exists') return problem(409, STAFF_NOTICES.exists);
      await audit('staff-invite', `${input.email} as ${input.role}`);
      wakeSender(context.waitUntil);
      return json(201, { id: result.id });
    },
  },
});

export const staffAccountHandler: ApiHandler = adminFunction({
  name: 'admin-staff-account',
  routes: {
    POST: async ({ req, context, db, audit }) => {
      const action = context.params?.action;
      if (context.params?.id === 'key' && action === 'sign-out') {
        await signOutEverywhere(db, null);
        await audit('staff-sign-out', 'owner (key)');
        return done();
      }
      const id = parseId(context.params?.id);
      const email = id && (await staffEmailOf(db, id));
      if (!id || !email) return problem(404, ADMIN_NOTICES.notFound);
      if (action === 'sign-out') {
        await signOutEverywhere(db, id);
        await audit('staff-sign-out', email);
        return done();
      }
      if (action !== 'role') return problem(404, ADMIN_NOTICES.notFound);
      const input = await fields(req, roleSchema);
      if (input instanceof Response) return input;
      const result = await setRole(db, id, input.role);
      if (result === 'last-owner') return problem(409, STAFF_NOTICES.lastOwner);
      if (result === 'missing') return problem(404, ADMIN_NOTICES.notFound);
      await audit('staff-role', `${email} to ${input.role}`);
      return done();
    },
    DELETE: async ({ context, db, audit }) => {
      const id = parseId(context.params?.id);
      const email = id && (await staffEmailOf(db, id));
      if (!id || !email) return problem(404, ADMIN_NOTICES.notFound);
      const result = await removeStaff(db, id);
      if (result === 'last-owner') return problem(409, STAFF_NOTICES.lastOwner);
      if (result === 'missing') return problem(404, ADMIN_NOTICES.notFound);
      await audit('staff-remove', email);
      return done();
    },
  },
});

export const keySignInHandler: ApiHandler = adminFunction({
  name: 'admin-staff-key-sign-in',
  routes: {
    POST: async ({ req, db, audit }) => {
      const input = await fields(req, z.object({ enabled: z.boolean() }));
      if (input instanceof Response) return input;
      if (!(await setKeySignIn(db, input.enabled))) return problem(409, STAFF_NOTICES.keySignInNeedsOwner);
      await audit('key-sign-in', input.enabled ? 'on' : 'off');
      return done();
    },
  },
});

export function auditHandler(format: 'json' | 'csv'): ApiHandler {
  return adminFunction({
    name: format === 'csv' ? 'admin-audit-csv' : 'admin-audit',
    routes: {
      GET: async ({ url, db, audit }) => {
        const query = parseAuditQuery(url);
        if (!query) return problem(400, ADMIN_NOTICES.badRequest);
        if (format === 'json') return json(200, await readAudit(db, query));
        await audit('export', 'audit log');
        return auditCsv(db, query);
      },
    },
  });
}
