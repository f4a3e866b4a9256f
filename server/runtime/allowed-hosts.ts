// The names the self-hosting server answers its API on: SITE_URL's host, this machine's own names
// (localhost, 127.0.0.1, ::1) and any IP address. A DNS-rebinding page points its own domain at
// the server, so the browser sends that domain as Host and treats the API as same-origin; refusing
// unknown names closes that door. An IP literal cannot be rebound, so it may stay (a server on a
// LAN reached by its address). Only the API is guarded: the pages are public anyway.
import { isIP } from 'node:net';
import { hostnameOf, isLoopbackHostname } from '../client-address.ts';

export function hostAllowed(host: string, siteUrl: string): boolean {
  const hostname = hostnameOf(host);
  if (hostname === undefined) return false;
  if (isLoopbackHostname(hostname) || isIP(hostname) !== 0) return true;
  try {
    return hostname === new URL(siteUrl).hostname;
  } catch {
    return false;
  }
}

/** Whether both the Host header (when sent) and the host the request URL was built from are allowed. */
export function requestHostAllowed(req: Request, siteUrl: string): boolean {
  const header = req.headers.get('host');
  return hostAllowed(new URL(req.url).host, siteUrl) && (header === null || hostAllowed(header, siteUrl));
}
