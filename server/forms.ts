// The one pipeline of both form endpoints (sign-ups and contact messages), in the order that
// keeps junk cheap and never stores anything unchecked:
//   method → same-site origin → content type, size, parse → rate limit → honeypot → validate → store
// A JSON request (the islands) gets a status and a JSON body; a plain form post (no JavaScript yet,
// or none at all) gets 303 back to its page with a fragment naming the notice to show.
import { DUPLICATE_SIGNUP, API_ERRORS, PROBLEMS, type Notice } from '../src/messages.ts';
import { HONEYPOT_FIELD, isSameSitePath, type Validation } from '../src/forms/schemas.ts';
import type { Outcome } from '../src/forms/notices.ts';
import { getDb, errorCode, isUnavailable, type Db } from './db/client.ts';
import { hit, type Limit } from './rate-limit.ts';
import { discardBody, isSameSite, json, methodNotAllowed, problem, readBody, seeOther, type BodyKind } from './http.ts';

export interface FormEndpoint<T> {
  name: string;
  limit: Limit;
  validate: (fields: unknown) => Validation<T>;
  store: (db: Db, data: T) => Promise<'created' | 'duplicate'>;
  /** The fragment naming `outcome`'s notice, or undefined when the fields do not say which form. */
  fragment: (fields: unknown, outcome: Outcome) => string | undefined;
  /** The generic answer to a failure of ours (500, 503): the spec's failure text for this form. */
  failure: Notice;
  /** What an over-size plain post shows (a long contact message in a non-Latin script can get there). */
  tooLarge: Outcome;
}

/** What the functions need of Netlify's Context (so tests can pass just this). */
export interface FormContext {
  ip: string;
  site?: { url?: string };
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

export async function handleFormPost<T>(
  req: Request,
  context: FormContext,
  endpoint: FormEndpoint<T>,
): Promise<Response> {
  if (req.method !== 'POST') {
    await discardBody(req);
    return methodNotAllowed(['POST']);
  }
  if (!isSameSite(req, context.site?.url ? [context.site.url] : [])) {
    await discardBody(req);
    return problem(403, API_ERRORS.forbidden);
  }

  const body = await readBody(req);
  const kind: BodyKind | undefined = body.kind;
  const fields: unknown = body.ok ? body.fields : undefined;

  /** JSON gets `json`; a plain post goes back to its page when we know which notice to show. */
  const answer = (outcome: Outcome, jsonAnswer: Response): Response => {
    if (kind !== 'form') return jsonAnswer;
    const path = returnPath(req, fields);
    const fragment = endpoint.fragment(fields, outcome);
    return path && fragment ? seeOther(`${path}#${fragment}`) : jsonAnswer;
  };

  if (!body.ok) {
    return answer(body.response.status === 413 ? endpoint.tooLarge : 'badRequest', body.response);
  }

  try {
    const db = getDb();
    const decision = await hit(db, endpoint.limit, context.ip);
    if (!decision.allowed) {
      return answer('limited', problem(429, API_ERRORS.rateLimited, { 'Retry-After': String(decision.retryAfter) }));
    }

    // A filled honeypot is a bot: it gets the normal success, and nothing is stored.
    const trap = field(fields, HONEYPOT_FIELD);
    if (typeof trap === 'string' && trap.trim() !== '') return answer('ok', json(201, { ok: true }));

    const checked = endpoint.validate(fields);
    if (!checked.ok) return answer(checked.problem, problem(400, PROBLEMS[checked.problem]));

    const stored = await endpoint.store(db, checked.data);
    if (stored === 'duplicate') {
      return answer('duplicate', json(409, { code: '23505', message: DUPLICATE_SIGNUP.text }));
    }
    return answer('ok', json(201, { ok: true }));
  } catch (err) {
    // Log the code and message only: a driver's `detail` can echo the submitted values.
    const unavailable = isUnavailable(err);
    console.error(
      `${endpoint.name}: ${unavailable ? 'database unavailable' : 'failed'} (${errorCode(err) ?? 'no code'}): ${err instanceof Error ? err.message : String(err)}`,
    );
    return answer(
      'error',
      problem(unavailable ? 503 : 500, endpoint.failure, unavailable ? { 'Retry-After': '30' } : {}),
    );
  }
}
