// The gate's hint in local demo mode: the generated key, shown only to a browser on this machine
// that asked for the server by a local name. A request from elsewhere (HOST=0.0.0.0 by mistake)
// or by another name (a DNS-rebinding page, whose Host is its own domain) never gets it.
import { hostnameOf, isLoopback, isLoopbackHostname } from '../client-address.ts';
import { demoKey } from './config.ts';

export function demoHint(req: Request, ip: string): string | undefined {
  const key = demoKey();
  if (!key || !isLoopback(ip)) return undefined;
  const hostname = hostnameOf(req.headers.get('host') ?? new URL(req.url).host);
  return hostname !== undefined && isLoopbackHostname(hostname) ? key : undefined;
}
