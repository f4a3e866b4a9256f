// Staff accounts (issue 36) through the real routing on a real database: invitations, the role ×
// endpoint matrix, recent sign-in for the sensitive acts, revocation, e-mailed codes (expiry and
// lockout by the database's clock: rows are aged, nothing waits), no staff enumeration, the audit
// log, and switching key sign-in off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_NOTICES, type Notice } from '../../src/shared/messages/index.ts';
import { STAFF_NOTICES } from '../../src/shared/messages/staff.ts';
import { STAFF_API, type AuditPage, type StaffList, type StaffRole } from '../../src/shared/staff-api.ts';
import { unsealLinks } from '../../server/mail/sealed-links.ts';
import { editorHandler, type Saver } from '../../server/runtime/editor-function.ts';
import { openAdminSession } from '../support/admin-session.ts';
import { freshIp, tag, type SendInit } from './form-suite.ts';
import { TEST_ADMIN_KEY, type AdminTarget } from './admin-targets.ts';

type Send = SendInit & { cookie?: string; json?: unknown };

/** What each role may call: the expected matrix, written out (not read from server/staff/policy.ts). */
const MATRIX: [string, string, StaffRole[]][] = [
  ['GET', '/api/admin/stats', ['owner', 'editor', 'support']],
  ['GET', '/api/admin/insights', ['owner', 'editor']],
  ['GET', '/api/admin/readership?days=7', ['owner', 'editor']],
  ['GET', '/api/admin/welcome-mail', ['owner', 'support']],
  ['POST', '/api/admin/welcome-mail', ['owner']],
  ['GET', '/api/admin/contacts', ['owner', 'support']],
  ['GET', '/api/admin/signups', ['owner', 'support']],
  ['GET', '/api/admin/contacts.csv', ['owner', 'support']],
  ['GET', '/api/admin/signups.csv', ['owner', 'support']],
  ['DELETE', '/api/admin/contacts/999999', ['owner', 'support']],
  ['DELETE', '/api/admin/signups/999999', ['owner', 'support']],
  ['GET', '/api/admin/consent?id=999999', ['owner', 'support']],
  ['GET', '/api/admin/consent.csv?id=999999', ['owner', 'support']],
  ['GET', '/api/admin/mail', ['owner', 'support']],
  ['POST', '/api/admin/mail/999999/retry', ['owner', 'support']],
  ['GET', '/api/admin/announcements', ['owner', 'editor']],
  ['POST', '/api/admin/announcements', ['owner', 'editor']],
  ['GET', '/api/admin/announcements/audience?types=Updates', ['owner', 'editor']],
  ['POST', '/api/admin/announcements/preview', ['owner', 'editor']],
  ['POST', '/api/admin/announcements/test', ['owner', 'editor']],
  ['GET', '/api/admin/announcements/999999', ['owner', 'editor']],
  ['POST', '/api/admin/announcements/999999/send', ['owner', 'editor']],
  ['POST', '/api/admin/announcements/999999/pause', ['owner', 'editor']],
  ['POST', '/api/admin/announcements/999999/cancel', ['owner', 'editor']],
  ['GET', '/api/admin/staff', ['owner']],
  ['POST', '/api/admin/staff', ['owner']],
  ['POST', '/api/admin/staff/999999/role', ['owner']],
  ['POST', '/api/admin/staff/999999/sign-out', ['owner']],
  ['DELETE', '/api/admin/staff/999999', ['owner']],
  ['POST', '/api/admin/staff/key-sign-in', ['owner']],
  ['GET', '/api/admin/audit', ['owner']],
  ['GET', '/api/admin/audit.csv', ['owner']],
];

export function staffSuite(start: () => Promise<AdminTarget>): void {
  let t: AdminTarget;
  let keyCookie: string;
  const cookies = {} as Record<StaffRole, string>;
  const emails = {} as Record<StaffRole, string>;

  const send = (method: string, path: string, init: Send = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.cookie) headers.Cookie = init.cookie;
    if (method !== 'GET') headers.Origin = t.origin;
    let body = init.body;
    if (init.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    return t.send(path, { ip: init.ip, method, headers, body });
  };

  async function expectProblem(res: Response, status: number, notice?: Notice) {
    const body = (await res.json()) as { error?: Notice };
    expect(res.status, JSON.stringify(body)).toBe(status);
    if (notice) expect(body.error).toEqual(notice);
  }

  /** The last mail of `kind` to `to`, with its sealed token or code put back as the sender would. */
  async function lastMail(to: string, kind: string): Promise<string> {
    const { rows } = await t.db.query<{
      id: string;
      text: string;
      html: string | null;
      headers: Record<string, unknown>;
    }>(
      `SELECT id::text AS id, text, html, headers FROM mail_outbox WHERE recipient = $1 AND kind = $2 ORDER BY mail_outbox.id DESC LIMIT 1`,
      [to, kind],
    );
    if (!rows[0]) throw new Error(`no ${kind} mail to ${to}`);
    return (await unsealLinks(t.db, rows))[0]!.text;
  }
  const inviteToken = async (to: string) =>
    /#invite=([A-Za-z0-9_-]{43})/.exec(await lastMail(to, 'staff-invitation'))![1]!;
  const mailedCode = async (to: string) => /code is (\d{6})/.exec(await lastMail(to, 'staff-code'))![1]!;

  async function invite(email: string, role: StaffRole, cookie = keyCookie): Promise<Response> {
    return send('POST', STAFF_API.staff, { cookie, json: { email, role } });
  }

  async function accept(token: string): Promise<Response> {
    return send('POST', STAFF_API.invitation, { json: { token } });
  }
  const cookieOf = (res: Response) => res.headers.get('set-cookie')!.split(';')[0]!;

  beforeAll(async () => {
    t = await start();
    keyCookie = await openAdminSession(
      (path, init) => t.send(path, { ...init, ip: freshIp() }),
      t.origin,
      TEST_ADMIN_KEY,
    );
    for (const role of ['owner', 'editor', 'support'] as const) {
      emails[role] = `${role}-${tag()}@team.example`;
      expect((await invite(emails[role], role)).status).toBe(201);
      const res = await accept(await inviteToken(emails[role]));
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ role: 'admin', email: emails[role], staffRole: role });
      cookies[role] = cookieOf(res);
    }
  }, 120_000);

  afterAll(async () => {
    await t?.finish();
  }, 120_000);

  describe('invitations', () => {
    it('are single-use: the second use is 410; an unknown token is 404; an expired one is 410', async () => {
      const email = `once-${tag()}@team.example`;
      await invite(email, 'support');
      const token = await inviteToken(email);
      expect((await accept(token)).status).toBe(200);
      await expectProblem(await accept(token), 410, STAFF_NOTICES.invitationExpired);
      await expectProblem(await accept('x'.repeat(43)), 404, STAFF_NOTICES.invitationUnknown);
      const late = `late-${tag()}@team.example`;
      await invite(late, 'editor');
      await t.db.query(
        `UPDATE staff_invitations SET expires_at = now() - interval '1 second'
         WHERE staff_id = (SELECT id FROM staff_accounts WHERE email = $1)`,
        [late],
      );
      await expectProblem(await accept(await inviteToken(late)), 410, STAFF_NOTICES.invitationExpired);
      await expectProblem(await send('POST', STAFF_API.invitation, { json: { token: 'short' } }), 400);
    });

    it('the stored mail holds no usable link (the token is sealed)', async () => {
      const { rows } = await t.db.query<{ text: string }>(
        `SELECT text FROM mail_outbox WHERE recipient = $1 AND kind = 'staff-invitation'`,
        [emails.owner],
      );
      expect(rows[0]!.text).not.toMatch(/#invite=(?!RTxSEALED)/);
    });

    it('an active colleague cannot be invited twice (409)', async () => {
      await expectProblem(await invite(emails.editor, 'owner'), 409, STAFF_NOTICES.exists);
    });
  });

  describe('roles', () => {
    for (const [method, path, allowed] of MATRIX) {
      for (const role of ['owner', 'editor', 'support'] as const) {
        const may = allowed.includes(role);
        it(`${role} ${may ? 'may' : 'may not'} ${method} ${path}`, async () => {
          const json = method === 'POST' ? {} : undefined;
          const res = await send(method, path, { cookie: cookies[role], json });
          const body = await res.text();
          if (may) expect(res.status, body).not.toBe(403);
          else {
            expect(res.status, body).toBe(403);
            expect(JSON.parse(body)).toEqual({ error: STAFF_NOTICES.roleForbidden });
          }
        });
      }
    }

    it('the key signs in as the owner', async () => {
      const res = await send('GET', '/api/admin/session', { cookie: keyCookie });
      expect(await res.json()).toEqual({ role: 'admin', email: null, staffRole: 'owner', recent: true });
      expect((await send('GET', STAFF_API.staff, { cookie: keyCookie })).status).toBe(200);
    });
  });

  describe('recent sign-in', () => {
    it('an export, an erasure and a staff change need a sign-in of the last minutes', async () => {
      const email = `stale-${tag()}@team.example`;
      await invite(email, 'owner');
      const cookie = cookieOf(await accept(await inviteToken(email)));
      await t.db.query(
        `UPDATE admin_sessions SET reauth_at = now() - interval '11 minutes'
         WHERE staff_id = (SELECT id FROM staff_accounts WHERE email = $1)`,
        [email],
      );
      for (const [method, path] of [
        ['GET', '/api/admin/signups.csv'],
        ['DELETE', '/api/admin/contacts/1'],
        ['POST', STAFF_API.staff],
        ['POST', '/api/admin/announcements/1/send'],
      ] as const) {
        const res = await send(method, path, { cookie, json: method === 'POST' ? {} : undefined });
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({ error: STAFF_NOTICES.reauthRequired, reauth: true });
      }
      // Reading is not sensitive.
      expect((await send('GET', '/api/admin/signups', { cookie })).status).toBe(200);
    });
  });

  describe('revocation', () => {
    it('a removed account and one signed out everywhere are refused on their next request', async () => {
      const a = `gone-${tag()}@team.example`;
      const b = `out-${tag()}@team.example`;
      await invite(a, 'support');
      await invite(b, 'editor');
      const ca = cookieOf(await accept(await inviteToken(a)));
      const cb = cookieOf(await accept(await inviteToken(b)));
      expect((await send('GET', '/api/admin/stats', { cookie: ca })).status).toBe(200);
      const list = (await (await send('GET', STAFF_API.staff, { cookie: cookies.owner })).json()) as StaffList;
      const ida = list.accounts.find((x) => x.email === a)!;
      const idb = list.accounts.find((x) => x.email === b)!;
      expect(idb.sessions).toHaveLength(1);
      expect((await send('DELETE', `/api/admin/staff/${ida.id}`, { cookie: cookies.owner })).status).toBe(204);
      await expectProblem(await send('GET', '/api/admin/stats', { cookie: ca }), 401, ADMIN_NOTICES.sessionRequired);
      expect((await send('POST', `/api/admin/staff/${idb.id}/sign-out`, { cookie: cookies.owner })).status).toBe(204);
      await expectProblem(await send('GET', '/api/admin/stats', { cookie: cb }), 401, ADMIN_NOTICES.sessionRequired);
      const role = await send('POST', `/api/admin/staff/${idb.id}/role`, {
        cookie: cookies.owner,
        json: { role: 'owner' },
      });
      expect(role.status).toBe(204);
    });
  });

  describe('e-mailed codes', () => {
    const ask = (email: string, ip = freshIp()) => send('POST', STAFF_API.code, { ip, json: { email } });
    const enter = (email: string, code: string, ip = freshIp()) =>
      send('POST', STAFF_API.codeSignIn, { ip, json: { email, code } });

    it('signs in once; a wrong code is 401; five wrong guesses lock the code (410)', async () => {
      const email = emails.editor;
      expect((await ask(email)).status).toBe(202);
      const code = await mailedCode(email);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) await expectProblem(await enter(email, wrong), 401, STAFF_NOTICES.codeWrong);
      await expectProblem(await enter(email, code), 410, STAFF_NOTICES.codeExpired);

      expect((await ask(email)).status).toBe(202);
      const next = await mailedCode(email);
      const ok = await enter(email, next);
      expect(ok.status).toBe(200);
      expect(await ok.json()).toMatchObject({ email, staffRole: 'editor' });
      await expectProblem(await enter(email, next), 410, STAFF_NOTICES.codeExpired);
    });

    it('an expired code is 410 (aged by the database clock); none asked for is 404', async () => {
      const email = emails.support;
      await expectProblem(await enter(`nobody-${tag()}@team.example`, '123456'), 404, STAFF_NOTICES.codeUnknown);
      expect((await ask(email)).status).toBe(202);
      const code = await mailedCode(email);
      await t.db.query(`UPDATE staff_codes SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
      await expectProblem(await enter(email, code), 410, STAFF_NOTICES.codeExpired);
    });

    it('answers an unknown address exactly as a colleague, and mails nobody', async () => {
      const stranger = `stranger-${tag()}@example.org`;
      const [a, b] = [await ask(stranger), await ask(emails.owner)];
      expect(a.status).toBe(b.status);
      expect(await a.json()).toEqual(await b.json());
      const { rows } = await t.db.query('SELECT 1 FROM mail_outbox WHERE recipient = $1', [stranger]);
      expect(rows).toEqual([]);
      await expectProblem(await enter(stranger, '123456'), 401, STAFF_NOTICES.codeWrong);
      await expectProblem(await enter(emails.owner, '123456'), 401, STAFF_NOTICES.codeWrong);
    });

    it('throttles per client and per address (429 with Retry-After)', async () => {
      const ip = freshIp();
      let last: Response | undefined;
      for (let i = 0; i < 31; i++) last = await ask(`flood-${i}-${tag()}@example.org`, ip);
      expect(last!.status).toBe(429);
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
      const target = `target-${tag()}@example.org`;
      for (let i = 0; i < 10; i++) await ask(target);
      await expectProblem(await ask(target), 429, STAFF_NOTICES.throttled);
    });
  });

  describe('the audit log', () => {
    it('records exports, erasures, views and staff changes by who did them, without readers data', async () => {
      const reader = `reader-${tag()}@example.org`;
      const { rows } = await t.db.query<{ id: string }>(
        `INSERT INTO email_signups (email, signup_type, source_page) VALUES ($1, 'Updates', '/') RETURNING id::text AS id`,
        [reader],
      );
      expect((await send('GET', '/api/admin/signups', { cookie: cookies.support })).status).toBe(200);
      expect((await send('GET', '/api/admin/signups.csv?q=reader', { cookie: cookies.support })).status).toBe(200);
      expect((await send('DELETE', `/api/admin/signups/${rows[0]!.id}`, { cookie: cookies.support })).status).toBe(204);
      const res = await send('GET', `${STAFF_API.audit}?actor=${encodeURIComponent(emails.support)}`, {
        cookie: cookies.owner,
      });
      const page = (await res.json()) as AuditPage;
      const acts = page.rows.map((r) => `${r.action} ${r.detail}`);
      expect(acts).toEqual(
        expect.arrayContaining([
          'view-list signups',
          'export signups (searched)',
          `erase signups #${rows[0]!.id}`,
          'sign-in invitation',
        ]),
      );
      expect(page.rows.every((r) => r.actor === emails.support && r.client_hash)).toBe(true);
      const all = await t.db.query<{ detail: string }>('SELECT detail FROM admin_audit');
      expect(all.rows.some((r) => r.detail.includes(reader))).toBe(false);

      const exports = (await (
        await send('GET', `${STAFF_API.audit}?action=export`, { cookie: cookies.owner })
      ).json()) as AuditPage;
      expect(exports.rows.every((r) => r.action === 'export')).toBe(true);
      expect(exports.rows.some((r) => r.actor === emails.support)).toBe(true);
      const csv = await send('GET', `${STAFF_API.auditCsv}?action=staff-invite`, { cookie: cookies.owner });
      expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
      expect(await csv.text()).toContain(`owner (key)`);
      const failed = (await (
        await send('GET', `${STAFF_API.audit}?action=sign-in-failed`, { cookie: cookies.owner })
      ).json()) as AuditPage;
      expect(failed.rows.length).toBeGreaterThan(0);
      await expectProblem(await send('GET', `${STAFF_API.audit}?action=nonsense`, { cookie: cookies.owner }), 400);
    });
  });

  describe('the audit of an announcement', () => {
    it('records the editor who sent, paused and cancelled it', async () => {
      await t.db.query(
        `INSERT INTO email_signups (email, signup_type, source_page, status) VALUES ($1, 'Movement', '/', 'confirmed')`,
        [`movement-${tag()}@example.org`],
      );
      const as = { cookie: cookies.editor };
      const draft = await send('POST', '/api/admin/announcements', {
        ...as,
        json: { note: 'A short note.', subject: 'News', audience: ['Movement'] },
      });
      expect(draft.status).toBe(201);
      const { id } = (await draft.json()) as { id: string };
      expect((await send('POST', `/api/admin/announcements/${id}/send`, { ...as, json: {} })).status).toBe(202);
      expect((await send('POST', `/api/admin/announcements/${id}/pause`, { ...as, json: {} })).status).toBe(200);
      expect((await send('POST', `/api/admin/announcements/${id}/cancel`, { ...as, json: {} })).status).toBe(200);
      const { rows } = await t.db.query<{ action: string; detail: string; actor: string }>(
        `SELECT action, detail, actor FROM admin_audit WHERE detail = $1 ORDER BY admin_audit.id`,
        [`announcement #${id}`],
      );
      expect(rows).toEqual(
        ['send', 'pause', 'cancel'].map((action) => ({ action, detail: `announcement #${id}`, actor: emails.editor })),
      );
    });
  });

  describe('the editor at /keystatic', () => {
    it('answers owners and editors, refuses support (403), and hands the saver to the commit', async () => {
      const saves: (Saver | null)[] = [];
      // Keystatic's own function stands behind the gate; an answer of 200 is all the gate needs.
      const keystatic = () => Promise.resolve(async () => new Response('{}', { status: 200 }));
      const editor = editorHandler(keystatic, {
        root: process.cwd(),
        siteUrl: t.origin,
        workDir: '',
        onSave: async (_saved, who) => {
          saves.push(who);
          return { ok: true };
        },
      });
      const call = (cookie: string, method = 'GET', path = '/api/keystatic/tree') =>
        editor.fetch(
          new Request(t.origin + path, {
            method,
            headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' },
            body: method === 'POST' ? JSON.stringify({ additions: [], deletions: [] }) : undefined,
          }),
          freshIp(),
        );
      expect((await call(cookies.owner)).status).toBe(200);
      expect((await call(cookies.editor)).status).toBe(200);
      expect((await call(keyCookie)).status).toBe(200);
      const refused = await call(cookies.support);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain('role');
      expect((await call(cookies.editor, 'POST', '/api/keystatic/update')).status).toBe(200);
      expect((await call(keyCookie, 'POST', '/api/keystatic/update')).status).toBe(200);
      expect(saves).toEqual([{ name: emails.editor, email: emails.editor }, null]);
    });
  });

  describe('key sign-in', () => {
    it('the owner switches it off: the key then gets 403 and its sessions end; on again from an account', async () => {
      const off = await send('POST', STAFF_API.keySignIn, { cookie: cookies.owner, json: { enabled: false } });
      expect(off.status).toBe(204);
      await expectProblem(await send('GET', '/api/admin/stats', { cookie: keyCookie }), 401);
      const res = await send('POST', '/api/admin/session', { json: { key: TEST_ADMIN_KEY }, ip: freshIp() });
      await expectProblem(res, 403, STAFF_NOTICES.keySignInOff);
      const on = await send('POST', STAFF_API.keySignIn, { cookie: cookies.owner, json: { enabled: true } });
      expect(on.status).toBe(204);
      const again = await send('POST', '/api/admin/session', { json: { key: TEST_ADMIN_KEY }, ip: freshIp() });
      expect(again.status).toBe(200);
    });
  });
}
