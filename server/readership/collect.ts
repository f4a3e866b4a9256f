// The collector's input: only its own shape, or nothing is stored (400).
//   POST /api/view   a beacon from the page's inline script, JSON (as text/plain or
//                    application/json, at most 2 KiB) of known fields only:
//                      {"t":"v","id":uuid,"p":path,"r":referrer URL or "","u":the page's query}
//                      {"t":"e","id":uuid}   the reader reached the end of the article
//   GET  /api/view?p=path   the <noscript> pixel; the UTM tags come from its Referer (the page URL)
// The path must be one the build lists (dist/page-titles.json); every string is bounded and
// reduced to labels (classify.ts) before it is stored, and nothing stored is ever rendered as HTML.
import { z } from 'zod';
import { pagePath } from '../../src/shared/page-path.ts';
import { readBoundedBody } from '../http.ts';
import { pageTitle } from '../page-titles.ts';
import type { Utm } from './classify.ts';

export const BEACON_LIMIT = 2048;
const TEXT_MAX = 100;

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
const viewBeacon = z.strictObject({
  t: z.literal('v'),
  id: uuid,
  p: z.string().min(1).max(200),
  r: z.string().max(1000),
  u: z.string().max(1000),
});
const endBeacon = z.strictObject({ t: z.literal('e'), id: uuid });

/** Strict UTF-8; a whole body per call, so one decoder serves every beacon. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

export type Collected =
  | { kind: 'view'; id: string | null; path: string; referrerHost: string | null; utm: Utm }
  | { kind: 'end'; id: string };

/** A path the build lists, in its canonical form; undefined for anything else. */
export function sitePath(raw: string): string | undefined {
  if (raw.length > 200 || !raw.startsWith('/') || raw.startsWith('//')) return undefined;
  const path = pagePath(raw);
  return pageTitle(path) !== null ? path : undefined;
}

/** A URL's host, lower-cased, if it is an http(s) URL with a sane host. */
export function hostOf(raw: string): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    const host = url.hostname.toLowerCase();
    return host.length <= TEXT_MAX && /^[a-z0-9.-]+$/.test(host) ? host : null;
  } catch {
    return null;
  }
}

/** A UTM value as stored: trimmed, lower-cased, printable, at most 100 characters; '' is none. */
function tag(value: string | null): string | null {
  const text = (value ?? '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ._~+-]/gu, '')
    .slice(0, TEXT_MAX);
  return text || null;
}

export function utmOf(query: string): Utm {
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  return {
    source: tag(params.get('utm_source')),
    medium: tag(params.get('utm_medium')),
    campaign: tag(params.get('utm_campaign')),
  };
}

/** The POST beacon's body, or undefined when it is not exactly our shape. */
export async function readBeacon(req: Request): Promise<Collected | undefined> {
  const type = req.headers.get('content-type') ?? '';
  if (!beaconType(type)) return undefined;
  if (Number(req.headers.get('content-length')) > BEACON_LIMIT) return undefined;
  const bytes = await readBoundedBody(req);
  return bytes ? parseBeacon(bytes) : undefined;
}

/** Whether a Content-Type header is one the beacon is sent as. */
export function beaconType(header: string): boolean {
  const type = header.split(';')[0]!.trim().toLowerCase();
  return type === 'text/plain' || type === 'application/json';
}

/**
 * A beacon's bytes as what it reports, or undefined when they are not exactly our shape. Shared by
 * the function (readBeacon) and the `npm start` server's direct path (runtime/beacon-path.ts).
 */
export function parseBeacon(bytes: Uint8Array): Collected | undefined {
  if (bytes.byteLength > BEACON_LIMIT) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(UTF8.decode(bytes));
  } catch {
    return undefined;
  }
  // Each beacon is checked against its own shape only: a failed check builds an error, and every
  // reader's page sends a view (benchmarks.md, section 10).
  if ((json as { t?: unknown } | null)?.t === 'e') {
    const end = endBeacon.safeParse(json);
    return end.success ? { kind: 'end', id: end.data.id } : undefined;
  }
  const view = viewBeacon.safeParse(json);
  if (!view.success) return undefined;
  const path = sitePath(view.data.p);
  if (!path) return undefined;
  return { kind: 'view', id: view.data.id, path, referrerHost: hostOf(view.data.r), utm: utmOf(view.data.u) };
}

/** The pixel's query and Referer, or undefined when the query is not exactly `?p=<path>`. */
export function readPixel(url: URL, req: Request): Collected | undefined {
  const keys = [...url.searchParams.keys()];
  const raw = url.searchParams.get('p');
  if (keys.length !== 1 || raw === null) return undefined;
  const path = sitePath(raw);
  if (!path) return undefined;
  let utm: Utm = { source: null, medium: null, campaign: null };
  const referer = req.headers.get('referer') ?? '';
  try {
    const page = new URL(referer);
    if (page.origin === url.origin) utm = utmOf(page.search.slice(0, 1000));
  } catch {
    // No page URL: a view without tags.
  }
  // The original referrer of a page without JavaScript is not known: counted as direct.
  return { kind: 'view', id: null, path, referrerHost: null, utm };
}
