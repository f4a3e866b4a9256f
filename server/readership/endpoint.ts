// /api/view, the collector (netlify/functions/readership-view.ts), on the one request pipeline:
//   method → same-site origin (POST) → its own shape (collect.ts; else 400, nothing stored)
//   → not counted (204, nothing stored): a bot, a prefetch or prerender, Global Privacy Control,
//     the owner (a dashboard session cookie), or a client past its rate limit
//   → the visitor hash (salts.ts) and labels (classify.ts) → written (writer.ts) → 204
// Under `npm start` a plain beacon is taken before the web Request is made
// (runtime/beacon-path.ts): the same checks, in the same order, through acceptView below.
// Nothing from here is ever written to the readers' personal-data tables.
import { READERSHIP_NOTICES } from '../../src/shared/messages/readership.ts';
import { getDb } from '../db/client.ts';
import { apiHandler, type ApiHandler } from '../endpoint.ts';
import { problem, SECURITY_HEADERS } from '../http.ts';
import { SESSION_COOKIE } from '../admin/sessions.ts';
import { readershipRateLimit, siteTimeZone, siteUrl } from '../settings.ts';
import { classifyAgent, classifySource } from './classify.ts';
import { readBeacon, readPixel, type Collected } from './collect.ts';
import { allowView } from './flood.ts';
import { saltFor, visitorHash } from './salts.ts';
import { writeRead, writeView } from './writer.ts';

/** What the collector reads of a request, whichever server received it. */
export interface ViewRequest {
  /** A request header by its lower-case name, or null. */
  header: (name: string) => string | null;
  /** The client's address. */
  ip: string;
  /** The host name the request was sent to (a referrer from it is internal). */
  hostname: string;
}

/** What became of a well-formed view: counted, left out (not a reader reading), or over the limit. */
export type ViewOutcome = 'counted' | 'not-counted' | 'rate-limited';

/** Requests that are not a reader reading: prefetches, prerenders, GPC, the owner. */
function notCounted(header: ViewRequest['header']): boolean {
  const purpose = `${header('sec-purpose') ?? ''} ${header('purpose') ?? ''} ${header('x-moz') ?? ''}`;
  if (/prefetch|prerender/i.test(purpose)) return true;
  // Global Privacy Control: the reader asked not to be tracked; we do not count them at all.
  if (header('sec-gpc')?.trim() === '1') return true;
  // The owner's own browsing while signed in to the dashboard (the cookie's presence is enough:
  // someone who forges it only leaves themselves out).
  return (header('cookie') ?? '').includes(`${SESSION_COOKIE}=`);
}

/** Counts one well-formed view or end-of-article mark, unless it is not to be counted. */
export async function acceptView(request: ViewRequest, item: Collected): Promise<ViewOutcome> {
  // A bot is left out before the limit, so crawlers never spend a reader's allowance.
  const userAgent = request.header('user-agent') ?? '';
  const agent = classifyAgent(userAgent);
  if (!agent || notCounted(request.header)) return 'not-counted';
  if (!allowView(request.ip, readershipRateLimit())) return 'rate-limited';
  const db = getDb();
  if (item.kind === 'end') {
    await writeRead(db, item.id);
    return 'counted';
  }
  const now = new Date();
  const salt = await saltFor(db, now, siteTimeZone());
  const source = classifySource(item.referrerHost, request.hostname, item.utm);
  await writeView(db, {
    viewId: item.id,
    at: now,
    visitor: visitorHash(salt, siteHost(), request.ip, userAgent),
    path: item.path,
    channel: source.channel,
    source: source.source,
    referrerHost: source.referrerHost,
    utmSource: item.utm.source,
    utmMedium: item.utm.medium,
    utmCampaign: item.utm.campaign,
    device: agent.device,
    browser: agent.browser,
  });
  return 'counted';
}

let site: { url: string; host: string } | undefined;
/** The configured site's host, the visitor hash's "site" (parsed once per SITE_URL). */
function siteHost(): string {
  const url = siteUrl();
  if (site?.url !== url) site = { url, host: new URL(url).host };
  return site.host;
}

/** The collector's answer to an outcome; undefined (a bad shape) is the 400. */
export function viewAnswer(outcome: ViewOutcome | undefined): Response {
  if (outcome === undefined) return problem(400, READERSHIP_NOTICES.badRequest);
  if (outcome === 'rate-limited') return problem(429, READERSHIP_NOTICES.rateLimited, { 'Retry-After': '60' });
  return new Response(null, { status: 204, headers: SECURITY_HEADERS });
}

export const COLLECTOR = {
  name: 'readership-view',
  forbidden: READERSHIP_NOTICES.forbidden,
  failure: READERSHIP_NOTICES.failed,
} as const;

export const collectorHandler: ApiHandler = apiHandler({
  ...COLLECTOR,
  methods: ['GET', 'POST'],
  sameSiteFor: ['POST'],
  run: async (call) => {
    const item = call.req.method === 'POST' ? await readBeacon(call.req) : readPixel(call.url, call.req);
    if (!item) return viewAnswer(undefined);
    const request: ViewRequest = {
      header: (name) => call.req.headers.get(name),
      ip: call.context.ip,
      hostname: call.url.hostname,
    };
    return viewAnswer(await acceptView(request, item));
  },
});
