// Local demo mode (npm start without ADMIN_KEY) never sends the generated key over HTTP: it is
// printed in the terminal and kept in DATA_DIR/admin-key (local-key.ts). What travels is where to
// find it, and only to a browser on this machine that asked by a local name with no proxy in
// between. A reverse proxy on the same machine is a loopback peer and may rewrite Host to a local
// name, so a request carrying any forwarding header is treated as having come from elsewhere.
//
// A demo log-in is accepted only from a page opened at a loopback origin, with no forwarding
// header: the key then works in the owner's browser on this machine and nowhere a proxy relays.
import { hostnameOf, isLoopback, isLoopbackHostname } from '../client-address.ts';
import { demoKey, demoKeyFile } from './config.ts';

/** Headers a proxy adds (RFC 7239 Forwarded, the de facto X-Forwarded-* family, nginx's X-Real-IP, Via). */
export function hasForwardingHeaders(req: Request): boolean {
  for (const name of req.headers.keys()) {
    if (name === 'forwarded' || name === 'via' || name === 'x-real-ip' || name.startsWith('x-forwarded-')) return true;
  }
  return false;
}

/** Whether the request comes straight from this machine and names it: loopback peer, Host and no proxy. */
function fromThisMachine(req: Request, ip: string): boolean {
  if (!isLoopback(ip) || hasForwardingHeaders(req)) return false;
  const hostname = hostnameOf(req.headers.get('host') ?? new URL(req.url).host);
  return hostname !== undefined && isLoopbackHostname(hostname);
}

/** Where the demo key is kept, for the gate's hint; undefined outside demo mode or to anyone else. */
export function demoHint(req: Request, ip: string): string | undefined {
  if (!demoKey() || !fromThisMachine(req, ip)) return undefined;
  return demoKeyFile();
}

/** Whether a log-in must be refused because demo mode's key is in force and the request is not local. */
export function demoLoginRefused(req: Request, ip: string): boolean {
  if (!demoKey()) return false;
  if (!fromThisMachine(req, ip)) return true;
  const origin = req.headers.get('origin');
  if (!origin) return true;
  try {
    const url = new URL(origin);
    return !(url.protocol === 'http:' || url.protocol === 'https:') || !isLoopbackHostname(url.hostname);
  } catch {
    return true;
  }
}
