// `npm run dev` answers its own pages only (issue 35, item 3): the audit's reproduction, a page on
// another local port calling the Keystatic API to write a file into the tree, run in a real
// browser against one `astro dev`, must write nothing; the API still answers the editor's own page.
import { createServer, request, type Server } from 'node:http';
import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { sharedDevServer } from '../support/dev-server';
import { freePort } from '../support/server';

const MARKER_PATH = `src/content/articles/from-another-port-${Date.now().toString(36)}.mdx`;
const MARKER = resolve(MARKER_PATH);

let dev: Awaited<ReturnType<typeof sharedDevServer>>;
let browser: Browser;
let other: Server;
let otherUrl: string;

beforeAll(async () => {
  dev = await sharedDevServer();
  browser = await launchBrowser();
  // Another local site: any page the editor has open on another port.
  const port = await freePort();
  other = createServer((_req, res) => {
    res.setHeader('Content-Type', 'text/html');
    res.end('<!doctype html><title>elsewhere</title><p>another local page</p>');
  });
  await new Promise<void>((ok) => other.listen(port, '127.0.0.1', ok));
  otherUrl = `http://127.0.0.1:${port}`;
}, 300_000);

afterAll(async () => {
  rmSync(MARKER, { force: true });
  await browser?.close();
  await new Promise((ok) => other?.close(ok));
});

/** What the audit's page ran: Keystatic's own write call, from another origin, and a read. */
const attack = (devUrl: string, path: string) => `(async () => {
  const out = {};
  try {
    const res = await fetch(${JSON.stringify(devUrl)} + '/api/keystatic/update', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'no-cors': '1' },
      body: JSON.stringify({ additions: [{ path: ${JSON.stringify(path)}, contents: btoa('---\\ntitle: x\\n---\\n') }], deletions: [] }),
    });
    out.write = res.status;
  } catch (e) { out.write = 'blocked'; }
  try {
    const res = await fetch(${JSON.stringify(devUrl)} + '/api/keystatic/tree', { headers: { 'no-cors': '1' } });
    out.read = (await res.text()).slice(0, 40);
  } catch (e) { out.read = 'blocked'; }
  try {
    await fetch(${JSON.stringify(devUrl)} + '/api/keystatic/update', { method: 'POST', mode: 'no-cors', body: 'x' });
    out.simple = 'sent';
  } catch (e) { out.simple = 'blocked'; }
  return out;
})()`;

/** A raw request with a Host header of our choosing (fetch does not let a caller set it). */
function withHost(url: string, host: string): Promise<number> {
  return new Promise((ok, fail) => {
    const req = request(url, { headers: { Host: host } }, (res) => {
      res.resume();
      ok(res.statusCode ?? 0);
    });
    req.on('error', fail);
    req.end();
  });
}

describe('the dev server and other local origins', () => {
  it('a page on another local port can neither write into the tree nor read it', async () => {
    const page = await browser.newPage();
    await page.goto(otherUrl);
    const result = await page.evaluate<Record<string, unknown>>(attack(dev.url, MARKER_PATH));
    expect(result.write).toBe('blocked');
    expect(result.read).toBe('blocked');
    expect(existsSync(MARKER)).toBe(false);
    await page.close();
  });

  it('refuses another origin at the server, not only in the browser', async () => {
    const foreign = await fetch(`${dev.url}/api/keystatic/tree`, {
      headers: { 'no-cors': '1', Origin: otherUrl, 'Sec-Fetch-Site': 'same-site' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${dev.url}/api/keystatic/update`, {
      method: 'OPTIONS',
      headers: {
        Origin: otherUrl,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'no-cors',
      },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    // A name other than this machine's (DNS rebinding) is refused by Vite's host check.
    expect(await withHost(`${dev.url}/keystatic`, 'attacker.example')).toBe(403);
  });

  it('answers the editor on its own origin', async () => {
    const own = await fetch(`${dev.url}/api/keystatic/tree`, { headers: { 'no-cors': '1', Origin: dev.url } });
    expect(own.status).toBe(200);
    expect(await own.text()).toContain('src/content/articles/hemp-vs-cotton.mdx');
    const page = await browser.newPage();
    await page.goto(`${dev.url}/keystatic`);
    await page
      .getByRole('link', { name: /Articles/ })
      .first()
      .waitFor({ timeout: 180_000 });
    await page.close();
  });
});
