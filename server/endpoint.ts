// The one request pipeline of every API function (the forms and the admin endpoints):
//   method → available → same-site origin (for changes) → body (when asked) → the endpoint's work
// and one mapping of failures: a thrown error is logged (code and message only: a driver's
// `detail` can echo submitted values) and answered 503 (database unavailable, Retry-After) or 500
// with the endpoint's generic text. Every answer carries the API's security headers (http.ts).
import type { Context } from '@netlify/functions';
import type { Notice } from '../src/shared/messages/index.ts';
import { errorCode, isUnavailable } from './db/client.ts';
import { discardBody, isSameSite, methodNotAllowed, problem, readBody, type ReadBody } from './http.ts';

/** What the functions use of Netlify's Context; tests and `npm start` pass just these. */
export type ApiContext = Pick<Context, 'ip'> & Partial<Pick<Context, 'params' | 'site' | 'waitUntil'>>;

export type Method = 'GET' | 'HEAD' | 'POST' | 'DELETE';

export interface ApiCall {
  req: Request;
  url: URL;
  context: ApiContext;
  /** The parsed body, for methods listed in `readBody`. */
  body?: ReadBody;
}

export interface ApiEndpoint {
  /** Names the endpoint in log lines. */
  name: string;
  /** The methods it answers; any other gets 405 with `Allow`. */
  methods: readonly Method[];
  /** Answered before anything else is looked at when the endpoint cannot serve (e.g. not configured). */
  unavailable?: () => Response | undefined;
  /** Methods whose requests must come from this site; others may come from anywhere. */
  sameSiteFor: readonly Method[];
  /** The 403 text for a request from another site. */
  forbidden: Notice;
  /** Methods whose body the pipeline reads (bounded, JSON or urlencoded) before `run`. */
  readBody?: readonly Method[];
  /** The generic text of a 500/503 (never internals). */
  failure: Notice;
  run: (call: ApiCall) => Promise<Response>;
  /** How a failure answer reaches the client (the forms send a plain post back to its page). */
  present?: (call: ApiCall, failure: Response) => Response;
}

export type ApiHandler = (req: Request, context: ApiContext) => Promise<Response>;

export function apiHandler(endpoint: ApiEndpoint): ApiHandler {
  const { name, methods, sameSiteFor, failure } = endpoint;
  return async (req, context) => {
    const method = req.method as Method;
    if (!methods.includes(method)) {
      await discardBody(req);
      return methodNotAllowed(methods);
    }
    const unavailable = endpoint.unavailable?.();
    if (unavailable) {
      await discardBody(req);
      return unavailable;
    }
    if (sameSiteFor.includes(method) && !isSameSite(req, context.site?.url ? [context.site.url] : [])) {
      await discardBody(req);
      return problem(403, endpoint.forbidden);
    }
    const call: ApiCall = { req, url: new URL(req.url), context };
    if (endpoint.readBody?.includes(method)) call.body = await readBody(req);
    try {
      return await endpoint.run(call);
    } catch (err) {
      const answer = failureAnswer(name, failure, err);
      return endpoint.present ? endpoint.present(call, answer) : answer;
    }
  };
}

/** A thrown error, logged (code and message only) and answered 503 or 500 with the generic text. */
export function failureAnswer(name: string, failure: Notice, err: unknown): Response {
  const down = isUnavailable(err);
  console.error(
    `${name}: ${down ? 'database unavailable' : 'failed'} (${errorCode(err) ?? 'no code'}): ${err instanceof Error ? err.message : String(err)}`,
  );
  return problem(down ? 503 : 500, failure, down ? { 'Retry-After': '30' } : {});
}
