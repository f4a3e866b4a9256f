// HTTP plumbing shared by the functions: answers with security headers, the same-site check,
// and reading a bounded JSON or urlencoded body.
import { API_ERRORS, PROBLEMS, methodNotAllowedNotice, type Notice } from '../src/shared/messages/index.ts';
import { siteUrl } from './settings.ts';

/** Bodies over 16 KiB are refused (docs/decisions.md, "Body limit"): the largest valid form is about 10 KiB of JSON. */
export const BODY_LIMIT = 16 * 1024;

/**
 * Headers of every function answer. netlify.toml's headers do not apply to functions on Netlify,
 * so each answer carries its own; nothing an API returns may be cached or framed.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
};

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...SECURITY_HEADERS, ...headers } });
}

/** The API's error shape: `{ error: { title, text } }`. */
export function problem(status: number, notice: Notice, headers: Record<string, string> = {}): Response {
  return json(status, { error: { title: notice.title, text: notice.text } }, headers);
}

/** 303 See Other: after a plain form post, the browser GETs `location` (a same-site path). */
export function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { ...SECURITY_HEADERS, Location: location } });
}

/** 405 with `Allow`: the one way every endpoint (and the server for a routed function) refuses a method. */
export function methodNotAllowed(allow: readonly string[]): Response {
  return problem(405, methodNotAllowedNotice(allow), { Allow: allow.join(', ') });
}

/**
 * Whether a request may come from where it says. Browsers send `Origin` with every POST, so a
 * foreign one is a cross-site form or script: refused. Allowed: the site's configured origin
 * (SITE_URL, Netlify's URL, the function context's site URL) and the request's own origin, so a
 * deploy preview or a local server on any port works. No Origin at all is a non-browser client
 * (curl, a monitor), which cross-site request forgery cannot involve; `Sec-Fetch-Site` backs that up.
 */
export function isSameSite(req: Request, extraOrigins: readonly string[] = []): boolean {
  const origin = req.headers.get('origin');
  if (origin === null) {
    const fetchSite = req.headers.get('sec-fetch-site');
    return fetchSite === null || fetchSite === 'same-origin' || fetchSite === 'none';
  }
  const allowed = new Set([new URL(req.url).origin, siteUrl(), ...extraOrigins.map((o) => o.replace(/\/+$/, ''))]);
  return allowed.has(origin);
}

export type BodyKind = 'json' | 'form';

export type ReadBody =
  { ok: true; kind: BodyKind; fields: unknown } | { ok: false; kind: BodyKind | undefined; response: Response };

/** JSON from the islands, urlencoded from the same forms without JavaScript; nothing else. */
export function bodyKind(req: Request): BodyKind | undefined {
  const type = (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') return 'json';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  return undefined;
}

/**
 * How much of a refused body we still read and throw away. A server that answers while the client
 * is still sending and then closes makes the client see a reset instead of the answer; reading
 * the rest (up to this much, without keeping it) lets the answer arrive. Past this we stop reading
 * (never cancelling: that resets the socket before the answer is out) and the answer closes the
 * connection, so the rest is never read at all. It is also the `npm start` server's cap on any
 * request body (serve.ts: srvx `maxRequestBodySize`), the defence in depth under every handler.
 */
export const DRAIN_LIMIT = 1024 * 1024;

/** Headers of an answer given before the whole body was read: the connection is not reused. */
const CLOSE: Record<string, string> = { Connection: 'close' };

/** Reads at most `keep` bytes of the body, discarding any rest up to DRAIN_LIMIT. */
async function consume(req: Request, keep: number): Promise<{ bytes: Uint8Array<ArrayBuffer>; complete: boolean }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let complete = true;
  if (req.body && !req.bodyUsed) {
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size <= keep) chunks.push(value);
      else complete = false;
      if (size > DRAIN_LIMIT) {
        reader.releaseLock();
        break;
      }
    }
  }
  const bytes = new Uint8Array(Math.min(size, keep));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes, complete };
}

/** Reads and discards the body of a request we refuse before looking at it (see DRAIN_LIMIT). */
export async function discardBody(req: Request): Promise<void> {
  if (Number(req.headers.get('content-length')) > DRAIN_LIMIT) return;
  await consume(req, 0).catch(() => undefined);
}

/**
 * The body if it is at most BODY_LIMIT bytes; undefined when it is larger (at most DRAIN_LIMIT of
 * it is read, whatever the client declares or streams); null when it broke off. The one way any
 * handler reads a body (readBody below; the preferences page's form posts, multipart included).
 */
export async function readBoundedBody(req: Request): Promise<Uint8Array<ArrayBuffer> | undefined | null> {
  const declared = Number(req.headers.get('content-length'));
  if (declared > DRAIN_LIMIT) return undefined;
  if (declared > BODY_LIMIT) {
    await discardBody(req);
    return undefined;
  }
  try {
    const { bytes, complete } = await consume(req, BODY_LIMIT);
    return complete ? bytes : undefined;
  } catch {
    return null;
  }
}

/** 413: the body is over BODY_LIMIT (and may not have been read to its end). */
export function tooLarge(): Response {
  return problem(413, API_ERRORS.payloadTooLarge, CLOSE);
}

/**
 * The submitted fields: a JSON value, or for a form post an object of its fields (a field given
 * twice is not our form and is refused). Answers 415, 413 or 400 when the body cannot be the form.
 */
export async function readBody(req: Request): Promise<ReadBody> {
  const kind = bodyKind(req);
  if (!kind) {
    await discardBody(req);
    return { ok: false, kind, response: problem(415, API_ERRORS.unsupportedType) };
  }
  const bad = { ok: false, kind, response: problem(400, PROBLEMS.badRequest) } as const;
  // A body that breaks off (the client went away mid-upload) is simply not a form.
  const bytes = await readBoundedBody(req);
  if (bytes === null) return bad;
  if (!bytes) return { ok: false, kind, response: tooLarge() };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return bad;
  }
  if (kind === 'json') {
    try {
      return { ok: true, kind, fields: JSON.parse(text) as unknown };
    } catch {
      return bad;
    }
  }
  const entries = [...new URLSearchParams(text)];
  if (new Set(entries.map(([key]) => key)).size !== entries.length) return bad;
  // fromEntries defines own properties, so a field named __proto__ stays a (refused) field.
  return { ok: true, kind, fields: Object.fromEntries(entries) };
}
