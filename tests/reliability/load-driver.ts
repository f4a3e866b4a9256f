// Traffic for the reliability tests: real HTTP to the `npm start` server on 127.0.0.1, a seeded
// mix of sign-ups and contact messages (JSON as the islands send them, urlencoded as the forms
// without JavaScript do), a record of every attempt and its answer, and the check of the stored
// tables against that record:
//   - every acknowledged submission (201, or 303 to a `…-ok` notice) is stored exactly once, as sent;
//   - nothing else is stored, except (when the caller allows it) submissions whose answer was lost
//     (the server was killed, the database went away) — and those only exactly as sent;
//   - no address/type is acknowledged twice, and a 409 names an address/type that is stored.
// Every loop is bounded in count and in time, and every request has its own timeout.
import { randomBytes } from 'node:crypto';
import { SIGNUP_TYPES } from '../../src/shared/messages/index.ts';
import { freshIp, type ContactRow, type SignupRow, type Tables } from '../functions/form-suite.ts';

export type Kind = 'signup' | 'contact';

export interface Attempt {
  kind: Kind;
  encoding: 'json' | 'form';
  fields: Record<string, string>;
  ip: string;
  /** 0: no answer (connection refused or reset, timeout). */
  status: number;
  /** A plain post's 303 target. */
  location?: string;
  retryAfter?: string;
  contentType?: string;
  /** The answer's body. */
  answer?: string;
  error?: string;
  /** ms since the run's clock started (performance.now()). */
  start: number;
  end: number;
}

export type Verdict =
  'acknowledged' | 'duplicate' | 'limited' | 'unavailable' | 'server error' | 'refused' | 'no answer';

export function verdict(a: Attempt): Verdict {
  if (a.status === 0) return 'no answer';
  if (a.status === 303) {
    const fragment = a.location?.split('#')[1] ?? '';
    // '-confirm': stored, with a confirmation e-mail queued (double opt-in, docs/subscriptions.md).
    if (fragment.endsWith('-ok') || fragment.endsWith('-confirm')) return 'acknowledged';
    if (fragment.endsWith('-duplicate')) return 'duplicate';
    if (fragment.endsWith('-limited')) return 'limited';
    if (fragment.endsWith('-error')) return 'unavailable';
    return 'refused';
  }
  if (a.status === 201) return 'acknowledged';
  if (a.status === 409) return 'duplicate';
  if (a.status === 429) return 'limited';
  if (a.status === 503) return 'unavailable';
  if (a.status >= 500) return 'server error';
  return 'refused';
}

// ── a seeded mix ──────────────────────────────────────────────────────────────────────────────

/** mulberry32: a small seeded generator, so a run's mix can be replayed from its seed. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PAGES = ['/', '/articles/hemp-vs-cotton', '/articles/wool-vs-fleece', '/stories/plant-power', '/contact'];
const NAMES = ['Ada Weaver', 'Zoë Ñandú', 'Ада Ткачова', '李雷', 'Seán O’Brien', 'Maya 🌿'];

export interface MixOptions {
  seed: number;
  /** Share of contact messages (the rest are sign-ups). */
  contactShare?: number;
  /** Share of sign-ups that repeat an earlier address and type in another case (409 expected). */
  duplicateShare?: number;
  /** Share sent urlencoded, as a form without JavaScript posts. */
  formShare?: number;
}

/** Produces the next submission of a run: unique addresses and messages, a few deliberate duplicates. */
export function mix({ seed, contactShare = 0.4, duplicateShare = 0.1, formShare = 0.15 }: MixOptions) {
  const random = seeded(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const run = randomBytes(3).toString('hex');
  const signups: Record<string, string>[] = [];
  let n = 0;
  return (): Pick<Attempt, 'kind' | 'encoding' | 'fields'> => {
    n++;
    const encoding = random() < formShare ? 'form' : 'json';
    if (random() < contactShare) {
      const fields: Record<string, string> = {
        name: pick(NAMES),
        email: `writer-${run}-${n}@example.com`,
        subject: random() < 0.3 ? '' : `Question ${n} about linen — “care”`,
        message: `Load message ${run}-${n}.\nHow should I wash hemp? Crème brûlée, 中文 ✓`,
        source_page: '/contact',
      };
      return { kind: 'contact', encoding, fields };
    }
    if (signups.length && random() < duplicateShare) {
      const earlier = pick(signups);
      const email = random() < 0.5 ? earlier.email!.toUpperCase() : earlier.email!.toLowerCase();
      return { kind: 'signup', encoding, fields: { ...earlier, email, source_page: pick(PAGES) } };
    }
    const fields = {
      email: `Reader.${run}-${n}@Example.com`,
      signup_type: pick(SIGNUP_TYPES),
      source_page: pick(PAGES),
    };
    signups.push(fields);
    return { kind: 'signup', encoding, fields };
  };
}

// ── sending ──────────────────────────────────────────────────────────────────────────────────

const PATHS: Record<Kind, string> = { signup: '/api/signups', contact: '/api/contact' };

export async function send(
  base: string,
  submission: Pick<Attempt, 'kind' | 'encoding' | 'fields'>,
  ip: string,
  clock: number,
  timeoutMs = 15_000,
): Promise<Attempt> {
  const start = performance.now() - clock;
  const attempt: Attempt = { ...submission, ip, status: 0, start, end: start };
  try {
    const res = await fetch(base + PATHS[submission.kind], {
      method: 'POST',
      headers: {
        'Content-Type': submission.encoding === 'json' ? 'application/json' : 'application/x-www-form-urlencoded',
        Origin: base,
        'X-Forwarded-For': ip,
      },
      body:
        submission.encoding === 'json'
          ? JSON.stringify(submission.fields)
          : new URLSearchParams(submission.fields).toString(),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    attempt.answer = await res.text();
    attempt.status = res.status;
    attempt.contentType = res.headers.get('content-type') ?? undefined;
    attempt.location = res.headers.get('location') ?? undefined;
    attempt.retryAfter = res.headers.get('retry-after') ?? undefined;
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause;
    attempt.error = cause?.code ?? (err as Error).name;
  }
  attempt.end = performance.now() - clock;
  return attempt;
}

export interface LoadOptions {
  base: string;
  clients: number;
  durationMs: number;
  /** A bound on the number of requests, whatever the duration. */
  maxRequests: number;
  next: ReturnType<typeof mix>;
  /** Ends the run early (the crash tests kill the server under it). */
  signal?: AbortSignal;
  /** Called after each answer (the crash tests count acknowledgements to time the kill). */
  onAnswer?: (attempt: Attempt) => void;
  /** The client address of a request; default: a fresh one each, so the rate limit stays out of the way. */
  ip?: () => string;
  /** A pause of each client between its requests (default none: back to back). */
  thinkMs?: number;
  requestTimeoutMs?: number;
}

export interface LoadRun {
  attempts: Attempt[];
  elapsedMs: number;
  /** The run's clock (performance.now() when it began): attempt times are relative to it. */
  clock: number;
}

/** `clients` concurrent loops, each sending one request at a time until time, count or signal ends the run. */
export async function runLoad(options: LoadOptions): Promise<LoadRun> {
  const { base, clients, durationMs, maxRequests, next, signal, onAnswer, ip = freshIp } = options;
  const clock = performance.now();
  const attempts: Attempt[] = [];
  let started = 0;
  const more = () => !signal?.aborted && started < maxRequests && performance.now() - clock < durationMs;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (more()) {
        started++;
        const attempt = await send(base, next(), ip(), clock, options.requestTimeoutMs);
        attempts.push(attempt);
        onAnswer?.(attempt);
        if (options.thinkMs) await new Promise((r) => setTimeout(r, options.thinkMs));
      }
    }),
  );
  return { attempts, elapsedMs: performance.now() - clock, clock };
}

// ── figures ──────────────────────────────────────────────────────────────────────────────────

export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function countBy<T>(items: readonly T[], key: (item: T) => string | number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

export function summary(run: LoadRun): string {
  const latencies = run.attempts.map((a) => a.end - a.start).sort((a, b) => a - b);
  const seconds = run.elapsedMs / 1000;
  return (
    `${run.attempts.length} requests in ${seconds.toFixed(1)} s = ${(run.attempts.length / seconds).toFixed(0)} req/s; ` +
    `latency p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms; ` +
    `answers ${JSON.stringify(countBy(run.attempts, (a) => (a.status ? a.status : (a.error ?? 'none'))))}`
  );
}

// ── the check of the stored tables ─────────────────────────────────────────────────────────────

/** The row a submission stores: what was sent, trimmed (the mix sends nothing else to normalise). */
export function expectedRow(a: Attempt): SignupRow | ContactRow {
  const f = a.fields;
  if (a.kind === 'signup') return { email: f.email!.trim(), signup_type: f.signup_type!, source_page: f.source_page! };
  return {
    name: f.name!.trim(),
    email: f.email!.trim(),
    subject: f.subject?.trim() || null,
    message: f.message!.trim(),
    source_page: f.source_page!,
  };
}

const same = (a: object, b: object) =>
  JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());
const signupKey = (row: { email: string; signup_type: string }) => `${row.email.toLowerCase()}|${row.signup_type}`;

export interface TableCheck {
  problems: string[];
  acknowledged: number;
  rows: number;
  /** Stored although the client never heard so (allowed only for `unknown` verdicts). */
  storedUnacknowledged: number;
}

/**
 * Compares the tables with the attempts. `unknown`: the attempts whose submission may or may not
 * have been stored, by verdict (e.g. 'no answer' when the server was killed mid-request) or by a
 * test of each attempt.
 */
export function checkTables(
  tables: Tables,
  attempts: readonly Attempt[],
  unknown: readonly Verdict[] | ((a: Attempt) => boolean) = [],
): TableCheck {
  const problems: string[] = [];
  const say = (text: string) => problems.length < 20 && problems.push(text);
  const ack = attempts.filter((a) => verdict(a) === 'acknowledged');
  const isUnknown = typeof unknown === 'function' ? unknown : (a: Attempt) => unknown.includes(verdict(a));
  const maybe = attempts.filter((a) => verdict(a) !== 'acknowledged' && isUnknown(a));
  let storedUnacknowledged = 0;

  // Sign-ups, by address (any case) and type.
  const rows = new Map<string, SignupRow[]>();
  for (const row of tables.signups) rows.set(signupKey(row), [...(rows.get(signupKey(row)) ?? []), row]);
  for (const [key, list] of rows) if (list.length > 1) say(`sign-up ${key} stored ${list.length} times`);
  const ackKeys = new Map<string, Attempt>();
  for (const a of ack.filter((x) => x.kind === 'signup')) {
    const key = signupKey(expectedRow(a) as SignupRow);
    if (ackKeys.has(key)) say(`sign-up ${key} acknowledged twice`);
    ackKeys.set(key, a);
    const row = rows.get(key)?.[0];
    if (!row) say(`acknowledged sign-up ${key} is missing`);
    else if (!same(row, expectedRow(a)))
      say(`sign-up ${key} stored as ${JSON.stringify(row)}, sent ${JSON.stringify(a.fields)}`);
  }
  for (const a of attempts.filter((x) => x.kind === 'signup' && verdict(x) === 'duplicate')) {
    const key = signupKey(expectedRow(a) as SignupRow);
    if (!rows.has(key)) say(`sign-up ${key} answered as a duplicate, but no row has it`);
  }
  for (const [key, [row]] of rows) {
    if (ackKeys.has(key)) continue;
    const source = maybe.find((a) => a.kind === 'signup' && same(expectedRow(a), row!));
    if (source) storedUnacknowledged++;
    else say(`sign-up ${key} stored but never acknowledged: ${JSON.stringify(row)}`);
  }

  // Contact messages, by their text (unique per submission).
  const messages = new Map<string, ContactRow[]>();
  for (const row of tables.contacts) messages.set(row.message, [...(messages.get(row.message) ?? []), row]);
  for (const [message, list] of messages)
    if (list.length > 1) say(`message ${JSON.stringify(message)} stored ${list.length} times`);
  const ackMessages = new Set<string>();
  for (const a of ack.filter((x) => x.kind === 'contact')) {
    const expected = expectedRow(a) as ContactRow;
    ackMessages.add(expected.message);
    const row = messages.get(expected.message)?.[0];
    if (!row) say(`acknowledged message ${JSON.stringify(expected.message)} is missing`);
    else if (!same(row, expected)) say(`message stored as ${JSON.stringify(row)}, sent ${JSON.stringify(a.fields)}`);
  }
  for (const [message, [row]] of messages) {
    if (ackMessages.has(message)) continue;
    const source = maybe.find((a) => a.kind === 'contact' && same(expectedRow(a), row!));
    if (source) storedUnacknowledged++;
    else say(`message stored but never acknowledged: ${JSON.stringify(row)}`);
  }

  return {
    problems,
    acknowledged: ack.length,
    rows: tables.signups.length + tables.contacts.length,
    storedUnacknowledged,
  };
}

/** The tables as one line for the test output. */
export function describeCheck(check: TableCheck): string {
  return `${check.acknowledged} acknowledged, ${check.rows} rows stored (${check.storedUnacknowledged} of them unacknowledged but sent), ${check.problems.length} problems`;
}
