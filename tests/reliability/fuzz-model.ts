// The fuzz tests' generators and oracle, shared by the handler-level run (real Requests into the
// function modules, routed as `npm start` routes them) and the HTTP-level run (raw node:http
// requests to the server). A request is transport-neutral: method, path with query, headers,
// body bytes and the client address.
//
// The oracle does not ask our validation code what it thinks. It holds every answer to what the
// docs/architecture.md ("Forms and API") documents (statuses, JSON error shape, no-store, same-site redirects), derives the row an
// acknowledged submission must store from the documented normalisation (trim; CRLF → LF in name
// and message; a blank subject is NULL; a filled honeypot stores nothing), and checks every stored
// row against the documented limits on its own.
import fc from 'fast-check';
import { SIGNUP_TYPES } from '../../src/shared/messages/index.ts';
import type { ContactRow, SignupRow } from '../functions/form-suite.ts';
import { fuzzRuns } from './intensity.ts';

export const SEED = Number(process.env.FUZZ_SEED || 8_20_2026);

export interface FuzzRequest {
  method: string;
  /** Path and query, URL-safe. */
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array;
  ip: string;
}

export interface FuzzAnswer {
  status: number;
  headers: Headers;
  body: Uint8Array;
}

const utf8 = (text: string) => new TextEncoder().encode(text);
/** Bytes as text, a byte order mark kept (a CSV export starts with one). */
export const text = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

// ── pieces ───────────────────────────────────────────────────────────────────────────────────

/** Characters that break things: NUL and controls, lone surrogate halves, RTL marks, emoji, quotes. */
const nasty = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u001f',
  '\u007f',
  '\r',
  '\n',
  '\r\n',
  '\t',
  '\ud800',
  '\udfff',
  '\u202e',
  '\ufeff',
  '\u00a0',
  '🌿',
  '👩‍👩‍👧',
  'é',
  'e\u0301',
  '"',
  "'",
  '\\',
  '<script>',
  '%00',
  '=1+1',
  ';DROP TABLE email_signups;--',
  '${}',
  '{{}}',
);
const anyString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: fc.oneof(nasty, fc.string({ maxLength: 3 })), maxLength: 8 }) },
);
const notAString = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constant([]),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);
const around = (inner: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.constantFrom('', '', '', ' ', '\t', '\n', ' \r\n '), inner, fc.constantFrom('', '', '', ' ', '\n', '\t '))
    .map(([a, b, c]) => a + b + c);

/** A string of exactly `n` characters (UTF-16 units) near a limit, sometimes with emoji in it. */
const ofLength = (ns: number[]) =>
  fc.tuple(fc.constantFrom(...ns), fc.constantFrom('x', 'é', 'ж')).map(([n, c]) => c.repeat(n));

const email = fc.oneof(
  { weight: 6, arbitrary: fc.emailAddress().filter((e) => e.length <= 254) },
  { weight: 2, arbitrary: around(fc.emailAddress().map((e) => (e.length % 2 ? e.toUpperCase() : e))) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      'plain',
      'a@b',
      'a@b.c',
      'a b@c.de',
      '@c.de',
      'a@@c.de',
      'ünï@cödé.de',
      'a@b.c\u0000',
      'x'.repeat(249) + '@e.de',
      'x'.repeat(250) + '@e.de',
      'ADA@EXAMPLE.COM',
      'ada@example.com',
      // Input that made the old pattern backtrack (quadratic time), over and under the length limit.
      'a@' + '.'.repeat(16000) + '@',
      'a@' + '.'.repeat(250) + '@',
      'a@' + 'b.'.repeat(125) + '@',
      // A formula after a separator, for a spreadsheet that splits cells at ;
      'z@x.co;=HYPERLINK("http://e")',
    ),
  },
  { weight: 1, arbitrary: anyString },
  { weight: 1, arbitrary: notAString },
);
const signupType = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...SIGNUP_TYPES) },
  { weight: 1, arbitrary: fc.constantFrom('updates', 'NEWSLETTER', 'Movement ', '', 'Admin') },
  { weight: 1, arbitrary: fc.oneof(anyString, notAString) },
);
const sourcePage = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('/', '/contact', '/articles/hemp-vs-cotton', '/stories/plant-power') },
  { weight: 2, arbitrary: fc.webPath().map((p) => '/' + p.replace(/^\/+/, '')) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '//evil.example/',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '',
      'contact',
      '/a b',
      '/"quoted"',
      '/<x>',
      '/?q=1',
      '/#top',
      '/' + 'p'.repeat(199),
      '/' + 'p'.repeat(200),
    ),
  },
  { weight: 1, arbitrary: fc.oneof(anyString, notAString) },
);
const freeText = (limit: number) =>
  fc.oneof(
    { weight: 5, arbitrary: around(fc.lorem({ maxCount: 6 })) },
    { weight: 1, arbitrary: ofLength([limit - 1, limit, limit + 1]) },
    { weight: 1, arbitrary: fc.constantFrom('', '   ', '\r\n\t', 'Line one\r\nLine two\rthree\n', 'Zoë 🌿 中文') },
    { weight: 2, arbitrary: anyString },
    { weight: 1, arbitrary: notAString },
  );
const honeypot = fc.oneof(fc.constant(''), fc.constant(' '), fc.constant('http://spam.example'), anyString, notAString);

/** Extra keys: the prototype's names, near-misses of ours, anything. */
const extraKeys = fc.dictionary(
  fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'Email', 'email ', 'id', 'submitted_at'),
    fc.string({ maxLength: 8 }),
  ),
  fc.oneof(anyString, notAString),
  { maxKeys: 2 },
);

function withExtras(base: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Record<string, unknown>> {
  return fc.tuple(base, fc.option(extraKeys, { freq: 5 })).map(([fields, extra]) => {
    const out: Record<string, unknown> = { ...fields };
    // defineProperty, so that a key named __proto__ is a real (and refused) field, as JSON.parse makes it.
    for (const [k, v] of Object.entries(extra ?? {}))
      Object.defineProperty(out, k, { value: v, enumerable: true, configurable: true, writable: true });
    return out;
  });
}

const fieldsOf = (r: object) => r as Record<string, unknown>;

/** Any form at all: each field from its arbitrary (valid or not), any of them missing, extras. */
export const signupFields = withExtras(
  fc
    .record({ email, signup_type: signupType, source_page: sourcePage, website: honeypot }, { requiredKeys: [] })
    .map(fieldsOf),
);
export const contactFields = withExtras(
  fc
    .record(
      {
        name: freeText(100),
        email,
        subject: fc.oneof(freeText(150), fc.constant(null)),
        message: freeText(5000),
        source_page: sourcePage,
        website: honeypot,
      },
      { requiredKeys: [] },
    )
    .map(fieldsOf),
);

/** Valid forms, as the islands send them, with whitespace and case as people type them. */
const validSignup = fc
  .record({
    email: around(fc.emailAddress().filter((e) => e.length <= 240)),
    signup_type: fc.constantFrom(...SIGNUP_TYPES),
    source_page: fc.constantFrom('/', '/contact', '/articles/hemp-vs-cotton', '/stories/plant-power'),
  })
  .map(fieldsOf);
const validContact = fc
  .record(
    {
      name: around(fc.constantFrom('Ada', 'Zoë Ñandú', 'Ада', '李雷', 'Maya 🌿', "Seán O'Brien")),
      email: around(fc.emailAddress().filter((e) => e.length <= 240)),
      subject: fc.oneof(fc.constant(''), fc.constant(null), around(fc.lorem({ maxCount: 4 }))),
      message: around(fc.lorem({ maxCount: 30, mode: 'sentences' })),
      source_page: fc.constant('/contact'),
    },
    { requiredKeys: ['name', 'email', 'message', 'source_page'] },
  )
  .map(fieldsOf);

const REMOVE = Symbol('remove');
/** A valid form with one field changed to anything its own arbitrary gives, removed, or added. */
function oneOff(
  valid: fc.Arbitrary<Record<string, unknown>>,
  fields: Record<string, fc.Arbitrary<unknown>>,
): fc.Arbitrary<Record<string, unknown>> {
  const change = fc.oneof(
    ...Object.entries(fields).map(([k, arb]) =>
      fc
        .oneof({ weight: 5, arbitrary: arb }, { weight: 1, arbitrary: fc.constant(REMOVE) })
        .map((v) => [k, v] as const),
    ),
    extraKeys.map((extra) => ['', extra] as const),
  );
  return fc.tuple(valid, change).map(([form, [k, v]]) => {
    // Without the changed field (REMOVE leaves it out), then with it or the extra keys.
    const out = Object.fromEntries(Object.entries(form).filter(([key]) => key !== k));
    if (k === '') {
      for (const [ek, ev] of Object.entries(v as Record<string, unknown>)) {
        Object.defineProperty(out, ek, { value: ev, enumerable: true, configurable: true, writable: true });
      }
    } else if (v !== REMOVE) out[k] = v;
    return out;
  });
}

/** Mostly valid (so plenty is stored), one field off (each rule on its own), or anything. */
export const signupForm = fc.oneof(
  { weight: 4, arbitrary: validSignup },
  {
    weight: 4,
    arbitrary: oneOff(validSignup, { email, signup_type: signupType, source_page: sourcePage, website: honeypot }),
  },
  { weight: 2, arbitrary: signupFields },
);
export const contactForm = fc.oneof(
  { weight: 4, arbitrary: validContact },
  {
    weight: 4,
    arbitrary: oneOff(validContact, {
      name: freeText(100),
      email,
      subject: fc.oneof(freeText(150), fc.constant(null)),
      message: freeText(5000),
      source_page: sourcePage,
      website: honeypot,
    }),
  },
  { weight: 2, arbitrary: contactFields },
);

/** `arb` in one case of `of`, else undefined. */
const sometimes = <T>(arb: fc.Arbitrary<T>, of: number) =>
  fc.oneof({ weight: of - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });

export const token = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,15}$/);
/** Header values a client can send: visible ASCII and spaces, no CR/LF. */
const headerValue = fc
  .string({ unit: 'binary-ascii', maxLength: 40 })
  .map((v) => v.replace(/[^\x20-\x7e]/g, '').trim());

export const clientIp = fc.oneof(
  { weight: 6, arbitrary: fc.ipV4() },
  { weight: 2, arbitrary: fc.ipV6() },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      'unknown',
      ' ',
      '::ffff:10.0.0.1',
      '[::1]',
      'fe80::1%eth0',
      '999.1.1.1',
      '10.0.0.1, 10.0.0.2',
      'x'.repeat(300),
    ),
  },
  { weight: 1, arbitrary: headerValue },
);

/** Other request headers: random names, never the ones that frame the message itself. */
const FRAMING = /^(content-length|transfer-encoding|host|connection|expect|upgrade|te|trailer|keep-alive)$/i;
export const extraHeaders = fc
  .dictionary(
    fc.oneof(
      fc.constantFrom('Accept', 'Referer', 'Cookie', 'X-Requested-With', 'Sec-Fetch-Mode', 'Authorization'),
      token,
    ),
    headerValue,
    { maxKeys: 3 },
  )
  .map((h) => Object.fromEntries(Object.entries(h).filter(([k]) => !FRAMING.test(k))));

export type OriginChoice = 'same' | 'none' | 'evil' | 'null' | 'trailing' | 'other-port';
export const originChoice: fc.Arbitrary<OriginChoice> = fc.oneof(
  { weight: 7, arbitrary: fc.constant('same' as const) },
  { weight: 2, arbitrary: fc.constant('none' as const) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('evil' as const, 'null' as const, 'trailing' as const, 'other-port' as const),
  },
);

export function originHeaders(choice: OriginChoice, origin: string, fetchSite?: string): Record<string, string> {
  const h: Record<string, string> = {};
  const value = {
    same: origin,
    none: undefined,
    evil: 'https://evil.example',
    null: 'null',
    trailing: origin + '/',
    'other-port': 'http://127.0.0.1:1',
  }[choice];
  if (value !== undefined) h.Origin = value;
  if (fetchSite) h['Sec-Fetch-Site'] = fetchSite;
  return h;
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON',
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=UTF-8',
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/xml',
  '',
];

/** Methods a Request may carry (Fetch forbids CONNECT, TRACE and TRACK). */
export const method = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom('GET', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'post', 'Post') },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Z]{3,8}$/).filter((m) => !['CONNECT', 'TRACE', 'TRACK'].includes(m)) },
);
const hasBody = (m: string) => !['GET', 'HEAD'].includes(m.toUpperCase());

// ── form requests ────────────────────────────────────────────────────────────────────────────

export type Shape = 'json' | 'form' | 'form-twice' | 'json-value' | 'text' | 'bytes' | 'big' | 'empty';

export interface FormCase {
  endpoint: '/api/signups' | '/api/contact';
  method: string;
  shape: Shape;
  fields: Record<string, unknown>;
  contentType: string | undefined;
  origin: OriginChoice;
  fetchSite?: string;
  query: string;
  other: Record<string, string>;
  ip: string;
  raw: Uint8Array;
  value: unknown;
}

const shape: fc.Arbitrary<Shape> = fc.oneof(
  { weight: 12, arbitrary: fc.constant('json' as const) },
  { weight: 5, arbitrary: fc.constant('form' as const) },
  { weight: 1, arbitrary: fc.constantFrom('form-twice' as const, 'json-value' as const, 'text' as const) },
  { weight: 1, arbitrary: fc.constantFrom('bytes' as const, 'big' as const, 'empty' as const) },
);

export const formCase: fc.Arbitrary<FormCase> = fc
  .record({
    endpoint: fc.constantFrom('/api/signups' as const, '/api/contact' as const),
    method: fc.oneof({ weight: 9, arbitrary: fc.constant('POST') }, { weight: 1, arbitrary: method }),
    shape,
    contentType: sometimes(fc.constantFrom(...CONTENT_TYPES), 10),
    origin: originChoice,
    fetchSite: sometimes(fc.constantFrom('same-origin', 'cross-site', 'same-site', 'none'), 3),
    query: fc.oneof(
      { weight: 9, arbitrary: fc.constant('') },
      { weight: 1, arbitrary: fc.webQueryParameters().map((q) => '?' + q) },
    ),
    other: extraHeaders,
    ip: clientIp,
    raw: fc.uint8Array({ maxLength: 200 }),
    value: fc.jsonValue({ maxDepth: 2 }),
    signup: signupForm,
    contact: contactForm,
  })
  .map(({ signup, contact, ...rest }) => ({ ...rest, fields: rest.endpoint === '/api/signups' ? signup : contact }));

/** Every value as a form field would carry it (a form has strings only). */
function formEntries(fields: Record<string, unknown>): [string, string][] {
  return Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]);
}

function defaultType(s: Shape): string | undefined {
  if (s === 'form' || s === 'form-twice') return 'application/x-www-form-urlencoded';
  if (s === 'bytes' || s === 'empty') return undefined;
  return 'application/json';
}

export function formRequest(c: FormCase, origin: string): FuzzRequest {
  let body: Uint8Array | undefined;
  switch (c.shape) {
    case 'json':
      body = utf8(JSON.stringify(c.fields));
      break;
    case 'form':
      body = utf8(new URLSearchParams(formEntries(c.fields)).toString());
      break;
    case 'form-twice':
      body = utf8(new URLSearchParams([...formEntries(c.fields), ['email', 'second@example.com']]).toString());
      break;
    case 'json-value':
      body = utf8(JSON.stringify(c.value) ?? 'null');
      break;
    case 'text':
      body = utf8(JSON.stringify(c.fields).slice(0, -1));
      break;
    case 'bytes':
      body = c.raw;
      break;
    case 'big':
      body = utf8(JSON.stringify({ ...c.fields, message: 'm'.repeat(17_000) }));
      break;
    case 'empty':
      body = undefined;
  }
  const type = c.contentType ?? defaultType(c.shape);
  return {
    method: c.method,
    path: c.endpoint + c.query,
    headers: {
      ...c.other,
      ...originHeaders(c.origin, origin, c.fetchSite),
      ...(type ? { 'Content-Type': type } : {}),
    },
    body: hasBody(c.method) ? body : undefined,
    ip: c.ip,
  };
}

// ── the oracle ───────────────────────────────────────────────────────────────────────────────

const FORM_STATUSES = new Set([201, 303, 400, 403, 405, 409, 413, 415, 429]);

function header(answer: FuzzAnswer, name: string): string | null {
  return answer.headers.get(name);
}

/** What every function answer must be, whatever was asked. Returns the problems found. */
export function answerProblems(req: FuzzRequest, answer: FuzzAnswer, allowed: ReadonlySet<number>): string[] {
  const problems: string[] = [];
  const head = req.method.toUpperCase() === 'HEAD';
  if (answer.status >= 500) problems.push(`status ${answer.status}: ${text(answer.body).slice(0, 200)}`);
  else if (!allowed.has(answer.status))
    problems.push(`unexpected status ${answer.status}: ${text(answer.body).slice(0, 200)}`);
  if (header(answer, 'cache-control') !== 'no-store') problems.push(`Cache-Control ${header(answer, 'cache-control')}`);
  if (header(answer, 'x-content-type-options') !== 'nosniff') problems.push('no nosniff');
  if (answer.status >= 400 && !head) {
    // Every error is {error: {title, text}}.
    try {
      const body = JSON.parse(text(answer.body)) as { error?: { title?: unknown; text?: unknown } };
      if (typeof body.error?.title !== 'string' || typeof body.error.text !== 'string')
        problems.push(`error shape ${text(answer.body)}`);
    } catch {
      problems.push(`error body is not JSON: ${text(answer.body).slice(0, 100)}`);
    }
  }
  if (answer.status === 405 && !header(answer, 'allow')) problems.push('405 without Allow');
  if (answer.status === 429 && !(Number(header(answer, 'retry-after')) > 0)) problems.push('429 without Retry-After');
  if (answer.status === 303) {
    const location = header(answer, 'location') ?? '';
    if (!/^\/(?![/\\])[^#]*#[a-z-]+$/.test(location)) problems.push(`303 to ${location}`);
  }
  return problems;
}

export const FORM_ALLOWED = FORM_STATUSES;

export type Verdict = 'stored' | 'duplicate' | 'refused';

/** Whether the answer acknowledged the submission (201, or 303 to a `…-ok` notice). */
export function formVerdict(answer: FuzzAnswer): Verdict {
  if (answer.status === 201) return 'stored';
  if (answer.status === 409) return 'duplicate';
  if (answer.status === 303) {
    const fragment = header(answer, 'location')?.split('#')[1] ?? '';
    // '-confirm': stored, with a confirmation e-mail queued (double opt-in, docs/subscriptions.md).
    if (fragment.endsWith('-ok') || fragment.endsWith('-confirm')) return 'stored';
    if (fragment.endsWith('-duplicate')) return 'duplicate';
  }
  return 'refused';
}

/** The fields as the server received them, read the documented way (JSON or urlencoded). */
function receivedFields(req: FuzzRequest): Record<string, unknown> | undefined {
  if (!req.body) return undefined;
  const type = (Object.entries(req.headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  const body = text(req.body);
  try {
    if (type === 'application/json') {
      const value = JSON.parse(body) as unknown;
      return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : undefined;
    }
    if (type === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(body));
  } catch {
    return undefined;
  }
  return undefined;
}

const lf = (s: string) => s.replace(/\r\n?/g, '\n');

export type Expected =
  { table: 'signups'; row: SignupRow } | { table: 'contacts'; row: ContactRow } | { table: 'none' };

/**
 * What an acknowledged submission must have stored: nothing for a filled honeypot, else its fields
 * normalised as documented. Throws when the acknowledged body cannot be a form at all.
 */
export function expectedStore(req: FuzzRequest): Expected {
  const fields = receivedFields(req);
  if (!fields)
    throw new Error(`acknowledged a body that is not a form: ${req.body ? text(req.body).slice(0, 200) : '(none)'}`);
  const trap = fields.website;
  if (typeof trap === 'string' && trap.trim() !== '') return { table: 'none' };
  const str = (k: string) => {
    const v = fields[k];
    if (typeof v !== 'string') throw new Error(`acknowledged with ${k} = ${JSON.stringify(v)}`);
    return v;
  };
  if (req.path.startsWith('/api/signups')) {
    return {
      table: 'signups',
      row: { email: str('email').trim(), signup_type: str('signup_type'), source_page: str('source_page') },
    };
  }
  const subject = fields.subject;
  if (subject !== undefined && subject !== null && typeof subject !== 'string')
    throw new Error(`acknowledged with subject ${JSON.stringify(subject)}`);
  return {
    table: 'contacts',
    row: {
      name: lf(str('name')).trim(),
      email: str('email').trim(),
      subject: typeof subject === 'string' && subject.trim() ? subject.trim() : null,
      message: lf(str('message')).trim(),
      source_page: str('source_page'),
    },
  };
}

const EMAIL = /^[\x21-\x7e]+$/;
// The documented rule: RFC 5322 unquoted local part, domain labels of letters, digits and hyphens.
const EMAIL_FORM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;
const SAME_SITE_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;
const storable = (s: string) => !s.includes('\0') && !/\p{Cs}/u.test(s);
const filled = (s: string, max: number) => s.length >= 1 && s.length <= max && s === s.trim() && storable(s);

/** The documented rules, checked on a stored row on their own. Returns what is wrong with it. */
export function invalidRow(table: 'signups' | 'contacts', row: SignupRow | ContactRow): string | undefined {
  const okEmail = (e: string) => e.length <= 254 && EMAIL.test(e) && EMAIL_FORM.test(e);
  const okPage = (p: string) => p.length <= 200 && SAME_SITE_PATH.test(p);
  if (table === 'signups') {
    const r = row as SignupRow;
    if (!okEmail(r.email)) return `e-mail ${JSON.stringify(r.email)}`;
    if (!(SIGNUP_TYPES as readonly string[]).includes(r.signup_type)) return `type ${r.signup_type}`;
    if (!okPage(r.source_page)) return `source_page ${JSON.stringify(r.source_page)}`;
    return undefined;
  }
  const r = row as ContactRow;
  if (!filled(r.name, 100) || r.name.includes('\r')) return `name ${JSON.stringify(r.name)}`;
  if (!okEmail(r.email)) return `e-mail ${JSON.stringify(r.email)}`;
  if (r.subject !== null && !filled(r.subject, 150)) return `subject ${JSON.stringify(r.subject)}`;
  if (!filled(r.message, 5000) || r.message.includes('\r')) return `message length ${r.message.length}`;
  if (!okPage(r.source_page)) return `source_page ${JSON.stringify(r.source_page)}`;
  return undefined;
}

/** Multiset difference of rows (by their JSON), both ways. */
export function rowDiff<T extends object>(actual: readonly T[], expected: readonly T[]): { missing: T[]; extra: T[] } {
  const key = (r: T) => JSON.stringify(r, Object.keys(r).sort());
  const counts = new Map<string, number>();
  for (const r of actual) counts.set(key(r), (counts.get(key(r)) ?? 0) + 1);
  const missing: T[] = [];
  for (const r of expected) {
    const n = counts.get(key(r)) ?? 0;
    if (n === 0) missing.push(r);
    else counts.set(key(r), n - 1);
  }
  const extra = actual.filter((r) => {
    const n = counts.get(key(r)) ?? 0;
    if (n > 0) counts.set(key(r), n - 1);
    return n > 0;
  });
  return { missing, extra };
}

// ── admin requests ───────────────────────────────────────────────────────────────────────────

export const ADMIN_PATHS = [
  '/api/admin/session',
  '/api/admin/stats',
  '/api/admin/contacts',
  '/api/admin/signups',
  '/api/admin/contacts.csv',
  '/api/admin/signups.csv',
] as const;

/**
 * encodeURIComponent, except that a lone surrogate half (which it refuses) is sent as the bytes
 * UTF-8 would give it, i.e. invalid UTF-8, as a hostile client may send.
 */
export function encodePart(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    out +=
      ch.length === 1 && code >= 0xd800 && code <= 0xdfff
        ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)]
            .map((b) => '%' + b.toString(16).toUpperCase())
            .join('')
        : encodeURIComponent(ch);
  }
  return out;
}

/** An id segment: real-looking ids, edge numbers and junk, URL-encoded. */
export const idSegment = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 60 }).map(String) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '0',
      '-1',
      '01',
      '1e3',
      '9223372036854775807',
      '9223372036854775808',
      '99999999999999999999',
      '1.5',
      'NaN',
      '%20',
      '..',
      '%2e%2e',
      '1;DROP',
      '',
    ),
  },
  { weight: 2, arbitrary: anyString.map(encodePart) },
);

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** A cursor in our own format (base64url of `timestamp|id`) with any date and time fields, real or not. */
const forgedCursor = fc
  .tuple(
    fc.integer({ min: 0, max: 9999 }),
    fc.integer({ min: 0, max: 13 }),
    fc.integer({ min: 0, max: 32 }),
    fc.integer({ min: 0, max: 25 }),
    fc.integer({ min: 0, max: 61 }),
    fc.integer({ min: 0, max: 61 }),
    fc.integer({ min: 0, max: 999_999 }),
    fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 20n }).map(String), fc.constantFrom('1', '-1', 'x')),
  )
  .map(([y, mo, d, h, mi, se, us, id]) =>
    Buffer.from(
      `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}T${pad(h, 2)}:${pad(mi, 2)}:${pad(se, 2)}.${pad(us, 6)}Z|${id}`,
    ).toString('base64url'),
  );

/** A query string of the lists: search text, cursor and limit, well formed or not. */
export const listQuery = fc
  .record(
    {
      q: fc.oneof(
        fc.constantFrom('', 'a', '%', '_', '\\', 'example', 'EXAMPLE.COM', 'Secret'),
        anyString,
        fc.string({ minLength: 250, maxLength: 260 }),
      ),
      cursor: fc.oneof(
        fc.base64String({ maxLength: 60 }).map((s) => s.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')),
        fc.constantFrom('MjAyNi0wMS0wMVQwMDowMDowMC4wMDAwMDBafDE', 'MjAyNi0xMy0wMVQwMDowMDowMC4wMDAwMDBafDE', '!!', ''),
        forgedCursor,
        anyString,
      ),
      limit: fc.oneof(
        fc.integer({ min: -5, max: 300 }).map(String),
        fc.constantFrom('', '1e2', '0x10', ' 5', '50.0'),
        anyString,
      ),
    },
    { requiredKeys: [] },
  )
  .chain((params) =>
    fc.option(fc.constantFrom('q', 'limit'), { freq: 4 }).map((twice) => {
      const entries = Object.entries(params).map(([k, v]) => `${k}=${encodePart(v)}`);
      if (twice) entries.push(`${twice}=x`);
      return entries.length ? '?' + entries.join('&') : '';
    }),
  );

export interface AdminCase {
  method: string;
  path: string;
  origin: OriginChoice;
  cookie: 'none' | 'random' | 'token-shaped' | 'stale' | 'wrong-name' | 'several';
  cookieToken: string;
  cookieText: string;
  bodyKind: 'key' | 'none' | 'json-value' | 'bytes' | 'form';
  keyGuess: 'random' | 'near' | 'not-a-string';
  keyText: string;
  nearMiss: number;
  value: unknown;
  raw: Uint8Array;
  contentType: string | undefined;
  other: Record<string, string>;
  ip: string;
}

const base64url43 = fc.string({
  unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'),
  minLength: 43,
  maxLength: 43,
});

/** The methods each admin path answers. */
const ADMIN_METHODS: Record<string, string[]> = {
  '/api/admin/session': ['GET', 'POST', 'DELETE'],
  erase: ['DELETE'],
};

/** An admin path and a method: mostly one the path answers, sometimes any. */
const adminTarget = fc
  .oneof(
    { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...ADMIN_PATHS), fc.oneof(fc.constant(''), listQuery)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom('contacts', 'signups'), idSegment)
        .map(([k, id]) => [`/api/admin/${k}/${id}`, ''] as const),
    },
  )
  .chain(([path, query]) => {
    const own =
      ADMIN_METHODS[path] ?? (/\/api\/admin\/(contacts|signups)\//.test(path) ? ADMIN_METHODS.erase! : ['GET']);
    return fc
      .oneof(
        { weight: 5, arbitrary: fc.constantFrom(...own) },
        { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'DELETE') },
        { weight: 1, arbitrary: method },
      )
      .map((m) => ({ method: m, path: path + query }));
  });

export const adminCase: fc.Arbitrary<AdminCase> = fc
  .record({
    target: adminTarget,
    origin: originChoice,
    cookie: fc.constantFrom('none', 'random', 'token-shaped', 'stale', 'wrong-name', 'several'),
    cookieToken: base64url43,
    cookieText: headerValue,
    bodyKind: fc.constantFrom('key', 'key', 'none', 'json-value', 'bytes', 'form'),
    keyGuess: fc.constantFrom('random', 'near', 'not-a-string'),
    keyText: anyString,
    nearMiss: fc.nat(5),
    value: fc.jsonValue({ maxDepth: 2 }),
    raw: fc.uint8Array({ maxLength: 100 }),
    contentType: sometimes(fc.constantFrom(...CONTENT_TYPES), 4),
    other: extraHeaders,
    // A few addresses often, so that wrong keys add up to the lockout (429) now and then.
    ip: fc.oneof(clientIp, fc.constantFrom('203.0.113.1', '203.0.113.2', '2001:db8::1')),
  })
  .map(({ target, ...rest }) => ({ ...rest, ...target }));

/** Guesses close to the real key: one character off, spaces around, another case, cut short. */
export function nearMiss(key: string, which: number): string {
  return [key + 'x', ` ${key}`, key.toUpperCase(), key.slice(0, -1), key.slice(1), `${key}\u0000`][which % 6]!;
}

export const SESSION_COOKIE = '__Host-rt_admin';

export function adminRequest(
  c: AdminCase,
  origin: string,
  secrets: { key: string; staleToken: string; liveToken?: string },
): FuzzRequest {
  const cookie = {
    none: undefined,
    random: c.cookieText,
    'token-shaped': `${SESSION_COOKIE}=${c.cookieToken}`,
    stale: `${SESSION_COOKIE}=${secrets.staleToken}`,
    'wrong-name': `rt_admin=${secrets.liveToken ?? c.cookieToken}; __Secure-rt_admin=${secrets.liveToken ?? c.cookieToken}`,
    several: `a=b; ${SESSION_COOKIE}=${c.cookieToken}; ${SESSION_COOKIE}=${secrets.staleToken}`,
  }[c.cookie];
  let body: Uint8Array | undefined;
  let type = c.contentType;
  const key =
    c.keyGuess === 'near' ? nearMiss(secrets.key, c.nearMiss) : c.keyGuess === 'random' ? c.keyText : (c.value ?? null);
  switch (c.bodyKind) {
    case 'key':
      body = utf8(JSON.stringify({ key }));
      type ??= 'application/json';
      break;
    case 'form':
      body = utf8(new URLSearchParams({ key: typeof key === 'string' ? key : JSON.stringify(key) }).toString());
      type ??= 'application/x-www-form-urlencoded';
      break;
    case 'json-value':
      body = utf8(JSON.stringify(c.value) ?? 'null');
      type ??= 'application/json';
      break;
    case 'bytes':
      body = c.raw;
      break;
    case 'none':
      body = undefined;
  }
  return {
    method: c.method,
    path: c.path,
    headers: {
      ...c.other,
      ...originHeaders(c.origin, origin),
      ...(cookie ? { Cookie: cookie } : {}),
      ...(type ? { 'Content-Type': type } : {}),
    },
    body: hasBody(c.method) ? body : undefined,
    ip: c.ip,
  };
}

/** Statuses an admin endpoint may give without a session. 200 never: there is no data to give. */
export const ADMIN_UNAUTHENTICATED = new Set([204, 400, 401, 403, 405, 413, 415, 429]);
/** …and with one. */
export const ADMIN_AUTHENTICATED = new Set([200, 204, 400, 403, 404, 405, 413, 415]);

/**
 * Problems of an answer given without a session: any data (a row's text, an address, a CSV file),
 * a success other than logging out, or a session cookie handed out.
 */
export function leakProblems(req: FuzzRequest, answer: FuzzAnswer, secrets: readonly string[]): string[] {
  const problems: string[] = [];
  const body = text(answer.body);
  for (const s of secrets) if (body.includes(s)) problems.push(`answer holds ${JSON.stringify(s)}`);
  if (body.includes('\ufeff') || /^id,/m.test(body)) problems.push('answer looks like a CSV export');
  if ((answer.headers.get('content-type') ?? '').includes('csv')) problems.push('CSV content type');
  if (answer.status >= 200 && answer.status < 300) {
    const logout = req.method === 'DELETE' && req.path.split('?')[0] === '/api/admin/session';
    if (!(logout && answer.status === 204)) problems.push(`success ${answer.status} without a session`);
  }
  const cookie = answer.headers.get('set-cookie') ?? '';
  if (/__Host-rt_admin=[^;]/.test(cookie)) problems.push(`a session cookie: ${cookie}`);
  if (/"demoKey/.test(body)) problems.push('the demo key (or where it is) outside local demo mode');
  return problems;
}

// ── the ledger of what the form endpoints acknowledged ──────────────────────────────────────────

/** Rows the form endpoints must have stored, from their answers, and the answers' tally. */
export class FormLedger {
  signups: SignupRow[] = [];
  contacts: ContactRow[] = [];
  statuses: Record<string, number> = {};

  /** Records one answer; returns what is wrong with it as an acknowledgement. */
  record(req: FuzzRequest, answer: FuzzAnswer): string[] {
    this.statuses[answer.status] = (this.statuses[answer.status] ?? 0) + 1;
    const verdict = formVerdict(answer);
    if (verdict === 'refused') return [];
    let expected: Expected;
    try {
      expected = expectedStore(req);
    } catch (err) {
      return [(err as Error).message];
    }
    if (verdict === 'stored') {
      if (expected.table === 'signups') this.signups.push(expected.row);
      if (expected.table === 'contacts') this.contacts.push(expected.row);
      return [];
    }
    // 409: only a sign-up, and only for an address (any case) and type already stored.
    if (expected.table !== 'signups') return [`${answer.status} duplicate for ${req.path}`];
    const key = (r: SignupRow) => `${r.email.toLowerCase()}|${r.signup_type}`;
    return this.signups.some((r) => key(r) === key(expected.row)) ? [] : [`409 for ${key(expected.row)}, never stored`];
  }

  /** The stored tables against the ledger, and every stored row against the documented rules. */
  problems(tables: { signups: SignupRow[]; contacts: ContactRow[] }): string[] {
    const problems: string[] = [];
    for (const [name, actual, expected] of [
      ['signups', tables.signups, this.signups],
      ['contacts', tables.contacts, this.contacts],
    ] as const) {
      const { missing, extra } = rowDiff<object>(actual, expected);
      for (const r of missing.slice(0, 10)) problems.push(`${name}: acknowledged but not stored: ${JSON.stringify(r)}`);
      for (const r of extra.slice(0, 10)) problems.push(`${name}: stored but never acknowledged: ${JSON.stringify(r)}`);
      for (const r of actual) {
        const wrong = invalidRow(name, r);
        if (wrong) problems.push(`${name}: invalid row stored (${wrong}): ${JSON.stringify(r)}`);
      }
    }
    return problems;
  }
}

/** fast-check's settings for a property: the fixed seed, a bounded number of runs. */
export function params(fullRuns: number): { seed: number; numRuns: number; endOnFailure: boolean } {
  // endOnFailure: report the first counterexample rather than shrink it against a live database.
  // A submission runs a fifth of the runs (tests/reliability/intensity.ts).
  return { seed: SEED, numRuns: fuzzRuns(fullRuns), endOnFailure: true };
}
