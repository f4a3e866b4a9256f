// A local stand-in for Neon's WebSocket proxy, in front of a real PostgreSQL server, so the
// transaction path of the production driver (`@neondatabase/serverless` Client → a Postgres session
// carried in WebSocket binary messages) runs for real in tests. Like Neon's proxy it pipes bytes:
// each WebSocket connection is one TCP connection to Postgres. The driver is pointed at it with
// `neonConfig.wsProxy`, plain ws:// (`useSecureWebSocket = false`), no TLS inside
// (`forceDisablePgSSL`) and the ordinary startup exchange (`pipelineConnect = false`), which trust
// auth needs. Neon's HTTP queries have their own stand-in (neon-http.ts).
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type RawData } from 'ws';
import { neonConfig } from '@neondatabase/serverless';

export interface NeonWsProxy {
  /** WebSocket sessions opened so far, and open now. */
  readonly sessions: number;
  readonly open: number;
  close: () => Promise<void>;
}

const toBuffer = (data: RawData): Buffer =>
  Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);

/** Proxies the driver's WebSocket sessions to Postgres at `host:port` and points the driver at it. */
export async function startNeonWsProxy(target: { host: string; port: number }): Promise<NeonWsProxy> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((ok, fail) => {
    wss.once('listening', ok);
    wss.once('error', fail);
  });
  let sessions = 0;
  let open = 0;
  wss.on('connection', (ws) => {
    sessions++;
    open++;
    const socket = connect(target.port, target.host);
    // Messages that arrive before the TCP connection is up are queued by the socket.
    ws.on('message', (data) => socket.write(toBuffer(data)));
    socket.on('data', (chunk) => ws.send(chunk));
    ws.on('close', () => socket.end());
    ws.on('error', () => socket.destroy());
    socket.on('error', () => ws.terminate());
    socket.on('close', () => {
      open--;
      ws.close();
    });
  });
  const { port } = wss.address() as AddressInfo;
  const saved = {
    wsProxy: neonConfig.wsProxy,
    useSecureWebSocket: neonConfig.useSecureWebSocket,
    pipelineConnect: neonConfig.pipelineConnect,
    forceDisablePgSSL: neonConfig.forceDisablePgSSL,
  };
  neonConfig.wsProxy = (host, hostPort) => `127.0.0.1:${port}/v2?address=${host}:${hostPort}`;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineConnect = false;
  neonConfig.forceDisablePgSSL = true;
  return {
    get sessions() {
      return sessions;
    },
    get open() {
      return open;
    },
    close: async () => {
      Object.assign(neonConfig, saved);
      for (const client of wss.clients) client.terminate();
      await new Promise((ok) => wss.close(ok));
    },
  };
}
