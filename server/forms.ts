// The form endpoints (sign-ups and contact messages), on the one request pipeline (endpoint.ts), in
// the order that keeps junk cheap and never stores anything unchecked:
//   method → same-site origin → content type, size, parse → rate limit → honeypot → validate → store
// A JSON request (the islands) gets a status and a JSON body; a plain form post (no JavaScript yet,
// or none at all) gets 303 back to its page with a fragment naming the notice to show.
import { DUPLICATE_SIGNUP, API_ERRORS, PROBLEMS, type Notice } from '../src/shared/messages/index.ts';
import { HONEYPOT_FIELD, type Validation } from '../src/shared/form-schemas.ts';
import { isSameSitePath } from '../src/shared/source-page.ts';
import type { Outcome } from '../src/shared/form-notices.ts';
import { getDb, type Db } from './db/client.ts';
import { apiHandler, type ApiCall, type ApiHandler } from './endpoint.ts';
import { hit, type RateLimit } from './rate-limit.ts';
import { json, problem, seeOther } from './http.ts';
import { wakeSender } from './mail/wake.ts';

export type StoreResult = 'created' | 'pending' | 'duplicate' | 'resent' | 'capped';

/** Seconds to the next clock hour, when the hourly confirmation cap starts again. */
function secondsToNextHour(now = Date.now()): number {
  return Math.max(1, Math.ceil((3_600_000 - (now % 3_600_000)) / 1000));
}

export interface FormEndpoint<T> {
  name: string;
  /** The per-client limit in force (read from the environment on each request), or null: none. */
  limit: () => RateLimit | null;
  validate: (fields: unknown) => Validation<T>;
  /**
   * Stores the submission. 'pending': stored, waiting for the reader's confirmation by e-mail;
   * 'resent': already pending, its confirmation e-mail queued again; 'capped': nothing stored
   * because a cap on confirmation e-mails is spent (subscriptions/mail-caps.ts).
   */
  store: (db: Db, data: T, ip: string, req: Request) => Promise<StoreResult>;
  /** The fragment naming `outcome`'s notice, or undefined when the fields do not say which form. */
  fragment: (fields: unknown, outcome: Outcome) => string | undefined;
  /** The generic answer to a failure of ours (500, 503): the spec's failure text for this form. */
  failure: Notice;
  /** What an over-size plain post shows (a long contact message in a non-Latin script can get there). */
  tooLarge: Outcome;
  /** What a real submission is answered now, which a filled honeypot gets too (default 'created'). */
  decoy?: () => 'created' | 'pending';
}

function field(fields: unknown, name: string): unknown {
  return typeof fields === 'object' && fields !== null ? (fields as Record<string, unknown>)[name] : undefined;
}

/** Where a plain post returns to: its source_page, else the same-site page it came from. */
function returnPath(req: Request, fields: unknown): string | undefined {
  const source = field(fields, 'source_page');
  if (isSameSitePath(source)) return source;
  const referer = req.headers.get('referer');
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return url.origin === new URL(req.url).origin && isSameSitePath(url.pathname) ? url.pathname : undefined;
  } catch {
    return undefined;
  }
}

/** The handler of a form endpoint (netlify/functions/signups.ts, contact.ts). */
export function formHandler<T>(endpoint: FormEndpoint<T>): ApiHandler {
  /** JSON gets `jsonAnswer`; a plain post goes back to its page when we know which notice to show. */
  const answer = ({ req, body }: ApiCall, outcome: Outcome, jsonAnswer: Response): Response => {
    if (body?.kind !== 'form') return jsonAnswer;
    const fields = body.ok ? body.fields : undefined;
    const path = returnPath(req, fields);
    const fragment = endpoint.fragment(fields, outcome);
    return path && fragment ? seeOther(`${path}#${fragment}`) : jsonAnswer;
  };

  return apiHandler({
    name: endpoint.name,
    methods: ['POST'],
    sameSiteFor: ['POST'],
    forbidden: API_ERRORS.forbidden,
    readBody: ['POST'],
    failure: endpoint.failure,
    present: (call, failure) => answer(call, 'error', failure),
    run: async (call) => {
      const body = call.body!;
      if (!body.ok) {
        return answer(call, body.response.status === 413 ? endpoint.tooLarge : 'badRequest', body.response);
      }
      const db = getDb();
      const limit = endpoint.limit();
      const decision = limit ? await hit(db, limit, call.context.ip) : { allowed: true as const };
      if (!decision.allowed) {
        const limited = problem(429, API_ERRORS.rateLimited, { 'Retry-After': String(decision.retryAfter) });
        return answer(call, 'limited', limited);
      }

      // A filled honeypot is a bot: it gets the normal success, and nothing is stored.
      const trap = field(body.fields, HONEYPOT_FIELD);
      if (typeof trap === 'string' && trap.trim() !== '') {
        return endpoint.decoy?.() === 'pending'
          ? answer(call, 'confirm', json(201, { ok: true, confirmation: 'queued' }))
          : answer(call, 'ok', json(201, { ok: true }));
      }

      const checked = endpoint.validate(body.fields);
      if (!checked.ok) return answer(call, checked.problem, problem(400, PROBLEMS[checked.problem]));

      const stored = await endpoint.store(db, checked.data, call.context.ip, call.req);
      // Committed: mail the store queued goes out now, after the response (mail/outbox.ts).
      const { waitUntil } = call.context;
      wakeSender(waitUntil ? (work) => waitUntil(work) : undefined);
      if (stored === 'duplicate') {
        return answer(call, 'duplicate', json(409, { code: '23505', message: DUPLICATE_SIGNUP.text }));
      }
      // A pending address asked again: the spec's duplicate, and its confirmation went again.
      if (stored === 'resent') {
        const again = json(409, { code: '23505', message: DUPLICATE_SIGNUP.text, confirmation: 'queued' });
        return answer(call, 'duplicate', again);
      }
      if (stored === 'capped') {
        const limited = problem(429, API_ERRORS.rateLimited, { 'Retry-After': String(secondsToNextHour()) });
        return answer(call, 'limited', limited);
      }
      // `confirmation: "queued"` tells the island to add the sentence about the e-mail (and a plain
      // post gets the notice that carries it).
      if (stored === 'pending') return answer(call, 'confirm', json(201, { ok: true, confirmation: 'queued' }));
      return answer(call, 'ok', json(201, { ok: true }));
    },
  });
}
