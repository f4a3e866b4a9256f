// Part 3: throughput and latency of the form endpoints through the `npm start` server (handlers
// warm in one process), 50 connections for 10 s, next to a bare node:http server answering 204 and
// to the same server's static article page — all measured in the same run.

/** What Chromium sends: the static rows are measured with it and without any. */
export const BROWSER_ACCEPT_ENCODING = { 'accept-encoding': 'gzip, deflate, br, zstd' };
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { freePort } from '../../tests/support/server.ts';

export interface Load {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

let seq = 0;
const ip = () => `10.${(seq >> 16) & 255}.${(seq >> 8) & 255}.${seq++ & 255}`;

export async function load(
  label: string,
  url: string,
  kind: 'get' | 'signup' | 'contact',
  origin: string,
  duration = 10,
  /** Request headers for a GET (e.g. a browser's Accept-Encoding). */
  getHeaders: Record<string, string> = {},
): Promise<Load> {
  const run = autocannon({
    url,
    connections: 50,
    duration,
    method: kind === 'get' ? 'GET' : 'POST',
    headers: kind === 'get' ? getHeaders : {},
    requests: [
      {
        setupRequest: (req) => {
          if (kind === 'get') return req;
          const n = `${Date.now().toString(36)}-${seq}`;
          const body =
            kind === 'signup'
              ? { email: `bench-${n}@example.org`, signup_type: 'Newsletter', source_page: '/' }
              : {
                  name: 'Bench Reader',
                  email: `bench-${n}@example.org`,
                  subject: 'Bench',
                  message: 'A message from the benchmark.',
                  source_page: '/contact',
                };
          return {
            ...req,
            // A different client address per request, so the per-client rate limit measures the
            // handler, not the 429 path (the server runs with TRUST_PROXY=1 for this).
            headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': ip() },
            body: JSON.stringify(body),
          };
        },
      },
    ],
  });
  const r = await run;
  return {
    label,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** A bare node:http server answering 204, in its own process (as our server is). */
export async function startBareServer(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => { q.resume(); s.statusCode = 204; s.end(); }).listen(${port}, '127.0.0.1')`,
    ],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(url);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return { url, stop: () => child.kill() };
}

export function loadTable(rows: Load[], reference: Load): string {
  const head =
    '| target | req/s | p50 ms | p99 ms | non-2xx | errors | req/s ÷ bare 204 |\n| --- | --- | --- | --- | --- | --- | --- |';
  const lines = rows.map(
    (r) =>
      `| ${r.label} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} | ${(r.rps / reference.rps).toFixed(3)} |`,
  );
  return [head, ...lines].join('\n');
}
