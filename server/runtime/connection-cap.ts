// At most `max` open connections from one client address (CONNECTIONS_PER_CLIENT, settings.ts):
// one address cannot hold every socket the process can open (the audit kept 3,000 idle sockets
// from one address). Browsers open about six per site, so the default leaves room for a household
// or an office behind one address. A proxy TRUST_PROXY names is exempt: every reader arrives
// through it. A connection over the cap is closed at once, before anything is read.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { addressKey } from '../client-address.ts';
import type { ProxyTrust } from './trusted-proxy.ts';

export function capConnectionsPerClient(server: Server, max: number, trustProxy?: ProxyTrust): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || trustProxy?.trusts(address)) return;
    // IPv6 per /64, the block one subscriber holds (as the rate limits count it).
    const client = addressKey(address, 64);
    const count = open.get(client) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(client, count + 1);
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left > 0) open.set(client, left);
      else open.delete(client);
    });
  });
}
