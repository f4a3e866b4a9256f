// The operator's settings (server/settings.ts): the forms' per-client limits from
// SIGNUP_RATE_LIMIT and CONTACT_RATE_LIMIT (`<count>/<seconds>` or `off`) and SITE_TIME_ZONE,
// parsed, enforced by the handlers on PGlite and on PostgreSQL, and refused when malformed: by a
// 500 that names the variable in the log, and by `npm start`, which does not start.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_ERRORS, CONTACT, SIGNUP_FAILURE, type Notice } from '../../src/shared/messages/index.ts';
import {
  FORM_LIMIT_SETTINGS,
  MAX_WINDOW_SECONDS,
  SettingError,
  databasePoolMax,
  formRateLimit,
  listenPort,
  parseRateLimit,
  settingProblems,
  siteTimeZone,
} from '../../server/settings.ts';
import { freshIp, tag, type Target } from './form-suite.ts';
import { handlersOnPglite, handlersOnPostgres } from './targets.ts';
import { failedStart } from '../support/server.ts';

const VARIABLES = ['SIGNUP_RATE_LIMIT', 'CONTACT_RATE_LIMIT', 'SITE_TIME_ZONE'] as const;

describe('parsing', () => {
  it('reads <count>/<seconds> and off', () => {
    expect(parseRateLimit('X', '30/600', 'signups')).toEqual({ bucket: 'signups', max: 30, windowSeconds: 600 });
    expect(parseRateLimit('X', ' 5 / 60 ', 'contact')).toEqual({ bucket: 'contact', max: 5, windowSeconds: 60 });
    expect(parseRateLimit('X', `1/${MAX_WINDOW_SECONDS}`, 'b')).toEqual({ bucket: 'b', max: 1, windowSeconds: 3600 });
    for (const off of ['off', 'OFF', ' Off ']) expect(parseRateLimit('X', off, 'signups')).toBeNull();
  });

  it.each(['', '30', '30/', '/600', '0/600', '30/0', '30/3601', '-1/600', '1e3/600', '30/600/1', '30 per 600', 'none'])(
    'refuses %j with a message naming the variable',
    (value) => {
      expect(() => parseRateLimit('SIGNUP_RATE_LIMIT', value, 'signups')).toThrow(SettingError);
      expect(() => parseRateLimit('SIGNUP_RATE_LIMIT', value, 'signups')).toThrow(/^SIGNUP_RATE_LIMIT must be/);
    },
  );

  it('uses the defaults when a variable is unset or empty', () => {
    for (const kind of ['signups', 'contact'] as const) {
      const { variable, fallback } = FORM_LIMIT_SETTINGS[kind];
      const expected = parseRateLimit(variable, fallback, kind);
      expect(formRateLimit(kind, {})).toEqual(expected);
      expect(formRateLimit(kind, { [variable]: '  ' })).toEqual(expected);
    }
    expect(formRateLimit('signups', {})).toEqual({ bucket: 'signups', max: 100, windowSeconds: 600 });
    expect(formRateLimit('contact', {})).toEqual({ bucket: 'contact', max: 20, windowSeconds: 600 });
  });

  it('reads SITE_TIME_ZONE, defaulting to the brand’s own zone', () => {
    expect(siteTimeZone({})).toBe('America/New_York');
    expect(siteTimeZone({ SITE_TIME_ZONE: 'Europe/Berlin' })).toBe('Europe/Berlin');
    expect(siteTimeZone({ SITE_TIME_ZONE: 'UTC' })).toBe('UTC');
    for (const bad of ['Mars/Olympus_Mons', 'EST5EDT; DROP TABLE x', '../etc/passwd']) {
      expect(() => siteTimeZone({ SITE_TIME_ZONE: bad })).toThrow(/^SITE_TIME_ZONE must be/);
    }
  });

  it('collects every malformed setting, each naming its variable', () => {
    expect(settingProblems({})).toEqual([]);
    const problems = settingProblems({
      SIGNUP_RATE_LIMIT: 'lots',
      CONTACT_RATE_LIMIT: 'off',
      SITE_TIME_ZONE: 'Nowhere',
    });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^SIGNUP_RATE_LIMIT /);
    expect(problems[1]).toMatch(/^SITE_TIME_ZONE /);
  });

  it('reads DATABASE_POOL_MAX and PORT as whole numbers in range, refusing anything else by name', () => {
    expect(databasePoolMax({})).toBe(10);
    expect(databasePoolMax({ DATABASE_POOL_MAX: ' 25 ' })).toBe(25);
    expect(listenPort({})).toBe(8888);
    expect(listenPort({ PORT: '3000' })).toBe(3000);
    for (const value of ['0', 'ten', '10.5', '-3', '1001']) {
      expect(() => databasePoolMax({ DATABASE_POOL_MAX: value })).toThrow(/^DATABASE_POOL_MAX must be a whole number/);
    }
    for (const value of ['0', '65536', 'http']) {
      expect(() => listenPort({ PORT: value })).toThrow(/^PORT must be a whole number/);
    }
    expect(settingProblems({ DATABASE_POOL_MAX: 'many', PORT: '99999', TRUST_PROXY: 'proxy.example' })).toEqual([
      expect.stringMatching(/^DATABASE_POOL_MAX /),
      expect.stringMatching(/^PORT /),
      expect.stringMatching(/^TRUST_PROXY: "proxy\.example" is not an IP address/),
    ]);
  });
});

describe.each([
  ['PGlite', handlersOnPglite],
  ['PostgreSQL', handlersOnPostgres],
])('the form handlers on %s', (_name, start) => {
  let t: Target;
  const saved = Object.fromEntries(VARIABLES.map((v) => [v, process.env[v]]));

  beforeAll(async () => {
    t = await start();
  }, 120_000);

  afterEach(() => {
    for (const v of VARIABLES) Reflect.deleteProperty(process.env, v);
    Object.assign(process.env, Object.fromEntries(Object.entries(saved).filter(([, value]) => value !== undefined)));
  });

  afterAll(async () => {
    await t?.finish();
  });

  const signup = () => ({ email: `limit-${tag()}@example.com`, signup_type: 'Updates', source_page: '/' });
  const contact = () => ({
    name: 'Ada',
    email: `limit-${tag()}@example.com`,
    subject: '',
    message: 'Hello',
    source_page: '/contact',
  });
  const post = (path: string, body: unknown, ip: string) =>
    t.send(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: t.origin },
      body: JSON.stringify(body),
      ip,
    });

  async function expectNotice(res: Response, status: number, notice: Notice) {
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: Notice }).error).toEqual(notice);
  }

  it('SIGNUP_RATE_LIMIT=3/600: three sign-ups from one address, then 429 with Retry-After', async () => {
    process.env.SIGNUP_RATE_LIMIT = '3/600';
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await post('/api/signups', signup(), ip)).status).toBe(201);
    const res = await post('/api/signups', signup(), ip);
    const retryAfter = Number(res.headers.get('retry-after'));
    await expectNotice(res, 429, API_ERRORS.rateLimited);
    expect(retryAfter >= 1 && retryAfter <= 600).toBe(true);
    // The contact form keeps its own limit.
    expect((await post('/api/contact', contact(), ip)).status).toBe(201);
  });

  it('CONTACT_RATE_LIMIT=2/60: two messages, then 429', async () => {
    process.env.CONTACT_RATE_LIMIT = '2/60';
    const ip = freshIp();
    for (let i = 0; i < 2; i++) expect((await post('/api/contact', contact(), ip)).status).toBe(201);
    const res = await post('/api/contact', contact(), ip);
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    await expectNotice(res, 429, API_ERRORS.rateLimited);
  });

  it('off: no per-client limit at all', async () => {
    process.env.SIGNUP_RATE_LIMIT = 'off';
    process.env.CONTACT_RATE_LIMIT = 'OFF';
    const ip = freshIp();
    for (let i = 0; i < 120; i++) expect((await post('/api/signups', signup(), ip)).status).toBe(201);
    for (let i = 0; i < 25; i++) expect((await post('/api/contact', contact(), ip)).status).toBe(201);
  });

  it('a malformed value: 500 with the form’s failure text, the variable named in the log, nothing stored', async () => {
    const errors: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      errors.push(args.map(String).join(' '));
    });
    try {
      process.env.SIGNUP_RATE_LIMIT = 'ten per minute';
      const email = `never-${tag()}@example.com`;
      await expectNotice(await post('/api/signups', { ...signup(), email }, freshIp()), 500, SIGNUP_FAILURE);
      expect(errors.some((line) => line.includes('SIGNUP_RATE_LIMIT must be'))).toBe(true);
      process.env.CONTACT_RATE_LIMIT = '5/86400';
      await expectNotice(await post('/api/contact', contact(), freshIp()), 500, CONTACT.failure);
      expect(errors.some((line) => line.includes('CONTACT_RATE_LIMIT must be'))).toBe(true);
      const tables = await t.read!();
      expect(tables.signups.some((r) => r.email === email)).toBe(false);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('npm start', () => {
  it.each([
    ['SIGNUP_RATE_LIMIT', '10 a minute'],
    ['CONTACT_RATE_LIMIT', '0/600'],
    ['SITE_TIME_ZONE', 'Mars/Olympus_Mons'],
    ['DATABASE_POOL_MAX', 'ten'],
  ])('does not start with a malformed %s, and says which variable', async (variable, value) => {
    const run = await failedStart({ [variable]: value });
    expect(run.code).toBe(1);
    expect(run.output).toContain(`will not start: ${variable} must be`);
    expect(run.output).not.toContain('is serving');
  });
});
