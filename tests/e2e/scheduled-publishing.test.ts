// Scheduled publishing under `npm start`, for real: a copy of the site with an article due at a set
// time (a date and time in SITE_TIME_ZONE) is built as of an hour before it (SOURCE_DATE_EPOCH, the
// build's one "now") and served; the moment has already come on the real clock, so the running
// server rebuilds by itself at once into a new folder and swaps the build in. The article then is in
// /articles, the sitemap and RSS without a restart, and a reader polling the site all along never
// got a failed request. No waiting for the wall clock to reach the moment.
// The server's own reading of the build follows the new one too: Insights shows the new article's
// title for a sign-up made on it before it was live (page titles used to be read once per process,
// so it stayed one of "Other pages" until a restart).
import { readFileSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Insights } from '../../src/shared/admin-api.ts';
import { openAdminSession } from '../support/admin-session.ts';
import { articleSource, buildFixture, makeFixtureSite, removeFixture } from '../support/fixture-site';
import { startServer, type RunningServer } from '../support/server';
import { zoneOffset } from '../../src/shared/zone-offset.ts';

const ZONE = 'America/Chicago';
/** How long before the due moment the first build is made, by its own clock. */
const BUILT_BEFORE_MS = 3_600_000;

/** `YYYY-MM-DD HH:MM` of the instant `at` on the wall clock of `zone`. */
function wallClock(at: Date, zone: string): string {
  return new Date(at.getTime() + zoneOffset(at.getTime(), zone)).toISOString().slice(0, 16).replace('T', ' ');
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('scheduled publishing on npm start', () => {
  it('publishes an article when it comes due, with no restart and no failed request', async () => {
    // The last whole minute: already due on the real clock, an hour ahead of the first build's.
    const due = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const builtAt = due.getTime() - BUILT_BEFORE_MS;
    const site = makeFixtureSite({
      'first-fixture': articleSource('first-fixture', ['second-fixture', 'third-fixture']),
      'second-fixture': articleSource('second-fixture', ['first-fixture', 'third-fixture']),
      'third-fixture': articleSource('third-fixture', ['first-fixture', 'second-fixture']),
      'due-soon': articleSource('due-soon', ['first-fixture', 'second-fixture'], {
        title: '"An article that publishes itself on time"',
        publishedDate: `"${wallClock(due, ZONE)}"`,
      }),
    });
    cleanups.push(() => removeFixture(site));
    // The server mounts ROOT_DIR's functions: these, resolved to this checkout's own modules.
    symlinkSync(resolve('netlify'), join(site, 'netlify'), 'dir');

    const build = buildFixture(site, { SITE_TIME_ZONE: ZONE, SOURCE_DATE_EPOCH: String(builtAt / 1000) });
    expect(build.status, build.output).toBe(0);
    // The build names the moment (read in the site's zone) and leaves the article out until then.
    const next = JSON.parse(readFileSync(join(site, 'dist', 'next-publish.json'), 'utf8')) as {
      next: string | null;
      builtAt: string;
    };
    expect(next).toEqual({ next: due.toISOString(), builtAt: new Date(builtAt).toISOString() });

    // The server's rebuild reads the real clock (an inherited SOURCE_DATE_EPOCH would freeze it).
    const server: RunningServer = await startServer({
      ROOT_DIR: site,
      SITE_TIME_ZONE: ZONE,
      SOURCE_DATE_EPOCH: '',
      SIGNUP_CONFIRMATION: 'single',
    });
    cleanups.push(() => server.stop());
    const cookie = await openAdminSession(
      (path, init) => fetch(server.url + path, init),
      server.url,
      server.adminKey(),
    );
    const insights = async (): Promise<Insights> => {
      const res = await fetch(`${server.url}/api/admin/insights?days=30`, { headers: { Cookie: cookie } });
      expect(res.status).toBe(200);
      return (await res.json()) as Insights;
    };
    // A sign-up on the article's address before the new build: the page is unknown, one of "Other pages".
    const signUp = await fetch(`${server.url}/api/signups`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify({
        email: 'reader@example.org',
        signup_type: 'Newsletter',
        source_page: '/articles/due-soon',
      }),
    });
    expect(signUp.status, await signUp.text()).toBeLessThan(300);
    const before = await insights();
    expect(
      server.output(),
      'the rebuild finished before the first look at Insights: nothing would be proved',
    ).not.toContain('the new build is live');
    expect(before.topPages).toContainEqual({ source_page: null, title: null, signups: 1 });
    const get = (path: string) =>
      fetch(server.url + path, { redirect: 'manual' }).then(async (r) => ({ status: r.status, text: await r.text() }));
    const early = await get('/articles/due-soon');
    expect(early.status, `${early.text.slice(0, 300)}\n${server.output()}`).toBe(404);
    expect((await get('/articles')).text).not.toContain('/articles/due-soon');

    // A reader polling pages (static fast path and the handler's path) throughout the switch.
    const failures: string[] = [];
    let requests = 0;
    let polling = true;
    const reader = (async () => {
      while (polling) {
        for (const path of ['/articles', '/rss.xml', '/articles/first-fixture', '/articles/'])
          try {
            const res = await fetch(server.url + path, { redirect: 'manual' });
            await res.arrayBuffer();
            requests++;
            if (res.status !== 200 && !(path === '/articles/' && res.status === 301))
              failures.push(`${path}: ${res.status}`);
          } catch (err) {
            failures.push(`${path}: ${err instanceof Error ? err.message : String(err)}`);
          }
        await new Promise((ok) => setTimeout(ok, 50));
      }
    })();

    await expect
      .poll(async () => (await get('/articles')).text.includes('href="/articles/due-soon"'), {
        timeout: 300_000,
        interval: 1_000,
      })
      .toBe(true);
    polling = false;
    await reader;

    const page = await get('/articles/due-soon');
    expect(page.status).toBe(200);
    expect(page.text).toContain('An article that publishes itself on time');
    expect(page.text).not.toContain('data-publish-state');
    expect((await get('/sitemap.xml')).text).toContain('/articles/due-soon</loc>');
    expect((await get('/rss.xml')).text).toContain('/articles/due-soon</link>');
    // Nothing else is scheduled now.
    const live = JSON.parse((await get('/next-publish.json')).text) as { next: string | null; builtAt: string };
    expect(live.next).toBeNull();
    // Built by the real clock, after the moment.
    expect(new Date(live.builtAt).getTime()).toBeGreaterThanOrEqual(due.getTime());
    expect(server.output()).toContain('scheduled publishing: the new build is live');
    expect(requests).toBeGreaterThan(20);
    expect(failures).toEqual([]);
    // Insights now names the page by its title, with no restart.
    expect((await insights()).topPages).toEqual([
      { source_page: '/articles/due-soon', title: 'An article that publishes itself on time', signups: 1 },
    ]);
    // The new build became dist/ on disk too.
    expect(readFileSync(join(site, 'dist', 'next-publish.json'), 'utf8')).toContain('"next":null');
  }, 900_000);
});
