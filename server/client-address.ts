// Client addresses as sockets, proxies and Netlify give them: parsed strictly (a value `net.isIP`
// does not accept is not an address), with the port a proxy may append stripped, so that one client
// is one client however its address is written; and the block that identifies a client for a limit.
import { isIP } from 'node:net';

/**
 * The address in `value` in canonical form, or undefined when it is not one. Accepts what proxies
 * write: `1.2.3.4`, `1.2.3.4:50001`, `2001:db8::1`, `[2001:db8::1]:443`, `fe80::1%eth0`, and
 * IPv4-mapped IPv6 (`::ffff:1.2.3.4`, read as the IPv4 address it is).
 */
export function parseAddress(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  let addr = value.trim();
  if (addr.length > 64) return undefined;
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(addr);
  if (bracketed) addr = bracketed[1]!;
  else if (/^[\d.]+:\d{1,5}$/.test(addr)) addr = addr.slice(0, addr.lastIndexOf(':'));
  addr = addr.replace(/%[\w.-]+$/, '').toLowerCase();
  const family = isIP(addr);
  if (family === 4) return addr;
  if (family !== 6) return undefined;
  const groups = ipv6Groups(addr);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return addr;
}

/** The eight 16-bit groups of an IPv6 address (`addr` as parseAddress returns it). */
function ipv6Groups(addr: string): number[] {
  let text = addr;
  // An IPv4 tail (::1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, v4.index) + ((a << 8) | b).toString(16) + ':' + ((c << 8) | d).toString(16);
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(zeros).fill('0'), ...right].map((g) => parseInt(g, 16));
}

/**
 * What identifies a client for a limit: an IPv4 address as it is; IPv6 by its /64 (the block one
 * subscriber usually holds) or, for the admin log-in, its /48 (what a single site can be given,
 * so a holder of one cannot spread guesses over 65,536 /64s). A value that is not an address is
 * used as it is: it still names one bucket.
 */
export function addressKey(ip: string, ipv6PrefixBits: 48 | 64 = 64): string {
  const addr = parseAddress(ip);
  if (!addr) return ip.trim().toLowerCase();
  if (isIP(addr) === 4) return addr;
  const groups = ipv6Groups(addr).slice(0, ipv6PrefixBits / 16);
  return `${groups.map((g) => g.toString(16)).join(':')}::/${ipv6PrefixBits}`;
}

/** 127.0.0.0/8 and ::1. */
export function isLoopback(ip: string | undefined): boolean {
  const addr = parseAddress(ip);
  if (!addr) return false;
  return isIP(addr) === 4 ? addr.startsWith('127.') : ipv6Groups(addr).every((g, i) => g === (i === 7 ? 1 : 0));
}

/** Whether a host name (a URL's hostname, a Host header without its port, HOST) is this machine. */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  return name === 'localhost' || isLoopback(name);
}

/** The host name of a Host header value (`example.com:8888`, `[::1]:8888`), or undefined if malformed. */
export function hostnameOf(host: string): string | undefined {
  // Only the characters of a name, an address and a port: no path, user or other tricks.
  if (!/^[A-Za-z0-9.:[\]-]{1,300}$/.test(host)) return undefined;
  try {
    return new URL(`http://${host}`).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return undefined;
  }
}
