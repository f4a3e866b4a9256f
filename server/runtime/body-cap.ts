// The `npm start` server's defence in depth under every handler's own body limit (http.ts):
//   - REQUEST_BODY_CAP is srvx's `maxRequestBodySize` (serve.ts): a handler that read a body by
//     itself (req.text(), req.formData()) gets an error past it instead of buffering a chunked
//     upload of any size (the third audit's 256 MiB posts).
//   - An answer given before its request's body was read to the end (a 413, a 404 for a bad
//     token) closes the connection the way nginx's lingering close does: the answer goes out,
//     then a FIN; what the client still sends is read and dropped, never kept, until it has sent
//     nothing for LINGER_IDLE_MS or for at most LINGER_MS in all (nginx's lingering_timeout and
//     lingering_time, at their defaults); then the socket is destroyed. Closing at once would
//     make the kernel reset the connection, and the client would see the reset instead of the
//     answer (a 2 s limit did, for a client still writing on a loaded machine). Node itself
//     ends a connection whose answer said "Connection: close" (the client asked for it) with
//     socket.destroySoon(), a destroy as soon as the answer is flushed: the same reset, seen
//     as EPIPE by the request-bodies tests on a loaded machine; that destroy is taken back here.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { DRAIN_LIMIT } from '../http.ts';

/** Twice what a handler may drain (http.ts), so the handlers' own 413 always comes first. */
export const REQUEST_BODY_CAP = 2 * DRAIN_LIMIT;

const LINGER_MS = 30_000;
const LINGER_IDLE_MS = 5_000;

export function closeAfterUnreadBodies(server: Server): void {
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    res.once('finish', () => {
      if (req.complete) return;
      const socket = req.socket;
      if (socket.destroyed) return;
      // Node's resOnFinish ran first; its destroySoon() left `once('finish', destroy)` behind.
      // eslint-disable-next-line @typescript-eslint/unbound-method -- the listener's identity, never called here
      socket.removeListener('finish', socket.destroy);
      // Drop, do not keep: no 'data' listener may buffer the rest (a web stream's would).
      req.removeAllListeners('data');
      // Idle means the client sent nothing: watched on the socket, which keeps reading after
      // Node has detached the request from it (a "Connection: close" answer).
      const idle = setTimeout(() => socket.destroy(), LINGER_IDLE_MS).unref();
      socket.on('data', () => idle.refresh());
      req.resume();
      socket.end();
      const timer = setTimeout(() => socket.destroy(), LINGER_MS).unref();
      socket.once('close', () => {
        clearTimeout(timer);
        clearTimeout(idle);
      });
    });
  });
}
