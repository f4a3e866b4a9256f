// Part 3: throughput and latency of the form endpoints through the `npm start` server (handlers
// warm in one process), 50 connections for 10 s, next to a bare node:http server answering 204 and
// to the same server's static article page — all measured in the same run, with the same client.
// The client is wrk (Debian's `wrk`, written in C, one thread) when it is installed: on a 2-core
// machine autocannon, a Node process, saturates its own core long before our server does (it held
// the static rows to a third of what the server can answer), so its ratios measured the client.
// Without wrk the part falls back to autocannon and says so in its heading.

/** What Chromium sends: the static rows are measured with it and without any. */
export const BROWSER_ACCEPT_ENCODING = { 'accept-encoding': 'gzip, deflate, br, zstd' };
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** True when Debian's wrk is on PATH (looked up once). */
let wrkFound: boolean | undefined;
const hasWrk = (): boolean => (wrkFound ??= spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined);

/** The load generator part 3 uses, for its heading. */
export const loadClient = (): string =>
  hasWrk() ? 'wrk, one thread' : 'autocannon (install wrk for a client that is not the limit)';

interface LoadSpec {
  label: string;
  url: string;
  kind: 'get' | 'signup' | 'contact';
  origin: string;
  duration: number;
  /** Request headers for a GET (e.g. a browser's Accept-Encoding). */
  getHeaders: Record<string, string>;
}

export async function load(
  label: string,
  url: string,
  kind: LoadSpec['kind'],
  origin: string,
  duration = 10,
  getHeaders: Record<string, string> = {},
): Promise<Load> {
  const spec = { label, url, kind, origin, duration, getHeaders };
  return hasWrk() ? wrkLoad(spec) : autocannonLoad(spec);
}

/** A POST body for `kind` whose e-mail address holds `id` (a new one per request). */
function postBody(kind: 'signup' | 'contact', id: string): string {
  const email = `bench-${id}@example.org`;
  return JSON.stringify(
    kind === 'signup'
      ? { email, signup_type: 'Newsletter', source_page: '/' }
      : {
          name: 'Bench Reader',
          email,
          subject: 'Bench',
          message: 'A message from the benchmark.',
          source_page: '/contact',
        },
  );
}

/** wrk's request() hook: a new address and a new e-mail per request, as autocannon's setupRequest does. */
function wrkScript(kind: 'signup' | 'contact', origin: string): string {
  // The same body as autocannon's, cut where the id goes (JSON string literals read as Lua ones).
  const [before, after] = postBody(kind, '<id>').split('<id>');
  const body = `${JSON.stringify(before)} .. id .. ${JSON.stringify(after)}`;
  return `local n = 0
local run = tostring(os.time()) .. "-" .. tostring(math.random(1000000))
request = function()
  n = n + 1
  local id = run .. "-" .. n
  local ip = string.format("10.%d.%d.%d", math.floor(n / 65536) % 256, math.floor(n / 256) % 256, n % 256)
  return wrk.format("POST", nil, {["content-type"] = "application/json", ["origin"] = ${JSON.stringify(origin)}, ["x-forwarded-for"] = ip}, ${body})
end
`;
}

/** wrk prints times as 548.83us, 1.15ms or 1.02s. */
function wrkMs(value: string): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(value.trim());
  if (!m) throw new Error(`wrk printed an unexpected time: ${value}`);
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n;
}

async function wrkLoad({ label, url, kind, origin, duration, getHeaders }: LoadSpec): Promise<Load> {
  const dir = mkdtempSync(join(tmpdir(), 'rt-wrk-'));
  try {
    const args = ['-t1', '-c50', `-d${duration}s`, '--latency'];
    if (kind === 'get') for (const [k, v] of Object.entries(getHeaders)) args.push('-H', `${k}: ${v}`);
    else {
      writeFileSync(join(dir, 'post.lua'), wrkScript(kind, origin));
      args.push('-s', join(dir, 'post.lua'));
    }
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn('wrk', [...args, url]);
      let text = '';
      child.stdout.on('data', (d: Buffer) => (text += d.toString()));
      child.stderr.on('data', (d: Buffer) => (text += d.toString()));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}: ${text}`))));
    });
    const pick = (re: RegExp) => re.exec(out)?.[1];
    const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
    return {
      label,
      rps: Number(pick(/Requests\/sec:\s+([\d.]+)/)),
      p50: wrkMs(pick(/^\s+50%\s+(\S+)/m) ?? 'NaNms'),
      p99: wrkMs(pick(/^\s+99%\s+(\S+)/m) ?? 'NaNms'),
      non2xx: Number(pick(/Non-2xx or 3xx responses: (\d+)/) ?? 0),
      errors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function autocannonLoad({ label, url, kind, origin, duration, getHeaders }: LoadSpec): Promise<Load> {
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
          return {
            ...req,
            // A different client address per request, so the per-client rate limit measures the
            // handler, not the 429 path (the server runs with TRUST_PROXY=1 for this).
            headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': ip() },
            body: postBody(kind, n),
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
      `| ${r.label} | ${r.rps.toFixed(0)} | ${+r.p50.toFixed(2)} | ${+r.p99.toFixed(2)} | ${r.non2xx} | ${r.errors} | ${(r.rps / reference.rps).toFixed(3)} |`,
  );
  return [head, ...lines].join('\n');
}
