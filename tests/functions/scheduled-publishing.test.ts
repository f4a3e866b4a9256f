// Scheduled publishing outside the page build. On Netlify, the hourly function reads the live
// build's next-publish.json over real HTTP and calls the build hook only when something has come
// due. Under `npm start`, a rebuild that fails (a real `astro build` of a broken site) leaves the
// served site untouched, logs the build's own message and plans another try.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import publishScheduled from '../../netlify/functions/publish-scheduled.ts';
import { publishIfDue } from '../../server/scheduled-publish.ts';
import { buildHookUrl, settingProblems } from '../../server/settings.ts';
import { RETRY_MS, scheduleRebuilds } from '../../server/runtime/scheduled-rebuild.ts';
import { articleSource, makeFixtureSite, removeFixture } from '../support/fixture-site.ts';

describe('the hourly build-hook function', () => {
  let server: Server;
  let origin = '';
  let next: string | null = null;
  let hookCalls = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/next-publish.json') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ next }));
      } else if (req.url === '/hook' && req.method === 'POST') {
        hookCalls++;
        res.writeHead(200);
        res.end();
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise((ok) => server.close(ok)));

  it('calls the hook only when the next moment has passed', async () => {
    const hookUrl = new URL('/hook', origin);
    const now = new Date('2026-03-02T15:00:00Z');
    next = null;
    expect(await publishIfDue({ siteUrl: origin, hookUrl, now })).toMatchObject({ action: 'none' });
    next = '2026-03-02T16:00:00.000Z';
    expect(await publishIfDue({ siteUrl: origin, hookUrl, now })).toMatchObject({ action: 'none' });
    expect(hookCalls).toBe(0);
    next = '2026-03-02T14:00:00.000Z';
    expect(await publishIfDue({ siteUrl: origin, hookUrl, now })).toEqual({ action: 'built', due: next });
    expect(hookCalls).toBe(1);
    expect(await publishIfDue({ siteUrl: origin, hookUrl: undefined, now })).toMatchObject({ action: 'none' });
    expect(hookCalls).toBe(1);
  });

  it('as a Netlify function: does nothing without BUILD_HOOK_URL, fails loudly with a bad one', async () => {
    const context = { site: { url: origin } } as Parameters<typeof publishScheduled>[1];
    next = '2026-03-02T14:00:00.000Z';
    delete process.env.BUILD_HOOK_URL;
    expect((await publishScheduled(new Request(origin), context)).status).toBe(204);
    expect(hookCalls).toBe(1);
    process.env.BUILD_HOOK_URL = 'http://api.netlify.com/build_hooks/x';
    try {
      expect((await publishScheduled(new Request(origin), context)).status).toBe(500);
    } finally {
      delete process.env.BUILD_HOOK_URL;
    }
    expect(hookCalls).toBe(1);
  });

  it('BUILD_HOOK_URL is an https address, checked with the other settings', () => {
    expect(buildHookUrl({})).toBeUndefined();
    expect(buildHookUrl({ BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/abc' })?.href).toBe(
      'https://api.netlify.com/build_hooks/abc',
    );
    expect(settingProblems({ BUILD_HOOK_URL: 'not a url' })).toEqual([
      expect.stringMatching(/^BUILD_HOOK_URL must be/),
    ]);
  });
});

describe('a failed scheduled rebuild under npm start', () => {
  it('keeps the served site, logs the build error and tries again later', async () => {
    const site = makeFixtureSite({
      'only-fixture': articleSource('only-fixture', ['missing-one', 'missing-two']),
    });
    try {
      const swapped: string[] = [];
      const warnings: string[] = [];
      const rebuilds = scheduleRebuilds({
        root: site,
        currentNextPublish: () => Buffer.from(JSON.stringify({ next: new Date(Date.now() + 3_600_000).toISOString() })),
        load: (dir) => Promise.resolve(dir),
        swap: (dir) => swapped.push(dir),
        log: () => {},
        warn: (message) => warnings.push(message),
      });
      const before = Date.now();
      expect(await rebuilds.rebuild()).toBe(false);
      rebuilds.stop();
      expect(swapped).toEqual([]);
      expect(warnings.join('\n')).toMatch(/the build failed, the current site keeps serving/);
      expect(warnings.join('\n')).toContain("only-fixture.mdx: related: unknown article 'missing-one'");
      expect(rebuilds.next()!.getTime()).toBeGreaterThanOrEqual(before + RETRY_MS);
    } finally {
      removeFixture(site);
    }
  }, 300_000);
});
