// Which peers may tell us the client's address (TRUST_PROXY), and the client address of a request.
//
// X-Forwarded-For is believed only from a peer we trust: a client that reaches the port directly
// could otherwise name a fresh address per request and walk past every per-client limit.
//   unset, 0, false      the peer's own address; the header is ignored
//   1, true, loopback    trust peers on this machine (a reverse proxy on 127.0.0.1 or ::1)
//   a list               addresses and CIDR blocks, comma- or space-separated: 10.0.0.5, 10.1.0.0/16
// Hops are read from the right, the one our proxy appended first; a hop is believed only while the
// address that reported it is trusted, and a value that is not an IP address stops the walk.
import { BlockList, isIP } from 'node:net';
import { isLoopback, parseAddress } from '../client-address.ts';

export interface ProxyTrust {
  /** What TRUST_PROXY said, for the start-up line. */
  description: string;
  trusts: (ip: string) => boolean;
}

const OFF = new Set(['', '0', 'false', 'no', 'off']);
const LOOPBACK = new Set(['1', 'true', 'yes', 'on', 'loopback']);

/** Reads TRUST_PROXY; undefined when no proxy is trusted. Throws with a message on a bad value. */
export function parseTrustProxy(value: string | undefined): ProxyTrust | undefined {
  const text = (value ?? '').trim().toLowerCase();
  if (OFF.has(text)) return undefined;
  if (LOOPBACK.has(text)) return { description: 'loopback', trusts: isLoopback };
  const list = new BlockList();
  let loopback = false;
  for (const item of text.split(/[\s,]+/).filter(Boolean)) {
    if (item === 'loopback') {
      loopback = true;
      continue;
    }
    const [address = '', bits, extra] = item.split('/');
    const ip = parseAddress(address);
    const family = ip ? isIP(ip) : 0;
    const max = family === 4 ? 32 : 128;
    const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
    if (!ip || extra !== undefined || !(prefix >= 0 && prefix <= max)) {
      throw new Error(
        `TRUST_PROXY: "${item}" is not an IP address or CIDR block. Use loopback (a proxy on this machine) or a list such as 10.0.0.5,10.1.0.0/16.`,
      );
    }
    list.addSubnet(ip, prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
  return {
    description: text,
    trusts: (ip) => {
      const addr = parseAddress(ip);
      if (!addr) return false;
      return (loopback && isLoopback(addr)) || list.check(addr, isIP(addr) === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

/** The client of a request that came from `peer` with this X-Forwarded-For header. */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | null,
  trust: ProxyTrust | undefined,
): string {
  let client = parseAddress(peer) ?? '0.0.0.0';
  if (!trust || !forwardedFor) return client;
  const hops = forwardedFor.split(',');
  // Bounded: a header of thousands of hops is walked no further than a real chain of proxies.
  for (let i = hops.length - 1; i >= 0 && i >= hops.length - 20; i--) {
    if (!trust.trusts(client)) break;
    const hop = parseAddress(hops[i]);
    if (!hop) break;
    client = hop;
  }
  return client;
}
