// The page-view beacon under `npm start`, answered on node:http's own request and response.
// A beacon is the one request every reader's page sends; through the function pipeline (a web
// Request made, the body read as a stream, a Response written back) it cost the server about
// eight static answers, so reading pages slowed while views were counted (docs/benchmarks.md,
// section 10). Here the same collector runs (readership/endpoint.ts, acceptView and viewAnswer:
// the same shape, bots, GPC, owner, limit and write, in the same order) without those costs.
// Only a plain beacon is taken: POST /api/view with no query, an allowed Host, the page's own
// Origin, a declared length within the beacon's limit and its content type. Anything else
// (a pixel, another origin, no Origin, a chunked body) goes the function's way unchanged, so
// this path can only ever accept what the function accepts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { failureAnswer } from '../endpoint.ts';
import { SECURITY_HEADERS } from '../http.ts';
import { BEACON_LIMIT, beaconType, parseBeacon } from '../readership/collect.ts';
import { acceptView, COLLECTOR, viewAnswer, type ViewRequest } from '../readership/endpoint.ts';
import { hostAllowed } from './allowed-hosts.ts';

export const BEACON_PATH = '/api/view';

/** Whether the direct path may take this request (else the function pipeline answers it). */
function plainBeacon(req: IncomingMessage, siteUrl: string): boolean {
  if (req.method !== 'POST' || req.url !== BEACON_PATH) return false;
  const h = req.headers;
  if (!h.host || !hostAllowed(h.host, siteUrl)) return false;
  if (h['transfer-encoding'] !== undefined) return false;
  const length = Number(h['content-length']);
  if (!Number.isInteger(length) || length < 1 || length > BEACON_LIMIT) return false;
  if (!beaconType(h['content-type'] ?? '')) return false;
  // Same site as the pipeline reads it (http.ts, isSameSite): the origin the request was sent to,
  // or the configured site's.
  return h.origin === `http://${h.host}` || h.origin === siteUrl.replace(/\/+$/, '');
}

function header(req: IncomingMessage): ViewRequest['header'] {
  return (name) => {
    const value = req.headers[name];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  };
}

async function send(res: ServerResponse, answer: Response): Promise<void> {
  const body = Buffer.from(await answer.arrayBuffer());
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  res.end(body);
}

async function answer(req: IncomingMessage, res: ServerResponse, body: Buffer, ip: string): Promise<void> {
  let refused: Response | undefined;
  try {
    const item = parseBeacon(body);
    if (!item) refused = viewAnswer(undefined);
    else {
      const request: ViewRequest = {
        header: header(req),
        ip,
        hostname: new URL(`http://${req.headers.host}`).hostname,
      };
      const outcome = await acceptView(request, item);
      if (outcome === 'rate-limited') refused = viewAnswer(outcome);
    }
  } catch (err) {
    refused = failureAnswer(COLLECTOR.name, COLLECTOR.failure, err);
  }
  if (refused) return send(res, refused);
  // Counted, or not to be counted: the same empty 204 either way.
  res.writeHead(204, SECURITY_HEADERS);
  res.end();
}

/**
 * Takes the request if it is a plain beacon (true: it is answered here), else leaves it untouched
 * (false). `ip` decides the client's address (trusted-proxy.ts), asked only for a beacon.
 */
export function takeBeacon(req: IncomingMessage, res: ServerResponse, siteUrl: string, ip: () => string): boolean {
  if (!plainBeacon(req, siteUrl)) return false;
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= BEACON_LIMIT) chunks.push(chunk);
  });
  // Node's parser holds a body to its declared length, so `size` is at most BEACON_LIMIT here;
  // a client that goes away mid-body was acknowledged nothing.
  req.on('end', () => void answer(req, res, Buffer.concat(chunks), ip()).catch(() => res.destroy()));
  req.on('error', () => res.destroy());
  return true;
}
