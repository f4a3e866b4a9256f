// /api/view, the collector (netlify/functions/readership-view.ts), on the one request pipeline:
//   method → same-site origin (POST) → its own shape (collect.ts; else 400, nothing stored)
//   → not counted (204, nothing stored): a bot, a prefetch or prerender, Global Privacy Control,
//     the owner (a dashboard session cookie), or a client past its rate limit
//   → the visitor hash (salts.ts) and labels (classify.ts) → written (writer.ts) → 204
// Nothing from here is ever written to the readers' personal-data tables.
import { READERSHIP_NOTICES } from '../../src/shared/messages/readership.ts';
import { getDb } from '../db/client.ts';
import { apiHandler, type ApiCall, type ApiHandler } from '../endpoint.ts';
import { problem, SECURITY_HEADERS } from '../http.ts';
import { SESSION_COOKIE } from '../admin/sessions.ts';
import { readershipRateLimit, siteTimeZone, siteUrl } from '../settings.ts';
import { classifyAgent, classifySource, type Agent } from './classify.ts';
import { readBeacon, readPixel, type Collected } from './collect.ts';
import { allowView } from './flood.ts';
import { saltFor, visitorHash } from './salts.ts';
import { writeRead, writeView } from './writer.ts';

function noContent(): Response {
  return new Response(null, { status: 204, headers: SECURITY_HEADERS });
}

/** Requests that are not a reader reading: prefetches, prerenders, GPC, the owner. */
function notCounted(req: Request): boolean {
  const h = req.headers;
  const purpose = `${h.get('sec-purpose') ?? ''} ${h.get('purpose') ?? ''} ${h.get('x-moz') ?? ''}`;
  if (/prefetch|prerender/i.test(purpose)) return true;
  // Global Privacy Control: the reader asked not to be tracked; we do not count them at all.
  if (h.get('sec-gpc')?.trim() === '1') return true;
  // The owner's own browsing while signed in to the dashboard (the cookie's presence is enough:
  // someone who forges it only leaves themselves out).
  return (h.get('cookie') ?? '').includes(`${SESSION_COOKIE}=`);
}

async function collect(call: ApiCall, item: Collected, agent: Agent): Promise<Response> {
  const db = getDb();
  if (item.kind === 'end') {
    await writeRead(db, item.id);
    return noContent();
  }
  const now = new Date();
  const site = new URL(siteUrl()).host;
  const salt = await saltFor(db, now, siteTimeZone());
  const source = classifySource(item.referrerHost, new URL(call.req.url).hostname, item.utm);
  await writeView(db, {
    viewId: item.id,
    at: now,
    visitor: visitorHash(salt, site, call.context.ip, call.req.headers.get('user-agent') ?? ''),
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
  return noContent();
}

export const collectorHandler: ApiHandler = apiHandler({
  name: 'readership-view',
  methods: ['GET', 'POST'],
  sameSiteFor: ['POST'],
  forbidden: READERSHIP_NOTICES.forbidden,
  failure: READERSHIP_NOTICES.failed,
  run: async (call) => {
    const item = call.req.method === 'POST' ? await readBeacon(call.req) : readPixel(call.url, call.req);
    if (!item) return problem(400, READERSHIP_NOTICES.badRequest);
    // A bot is left out before the limit, so crawlers never spend a reader's allowance.
    const agent = classifyAgent(call.req.headers.get('user-agent') ?? '');
    if (!agent || notCounted(call.req)) return noContent();
    if (!allowView(call.context.ip, readershipRateLimit())) {
      return problem(429, READERSHIP_NOTICES.rateLimited, { 'Retry-After': '60' });
    }
    return collect(call, item, agent);
  },
});
