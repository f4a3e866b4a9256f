// After a scheduled rebuild under `npm start`, the server's own reading of the build follows the new
// build: Insights shows a newly published article's title for its sign-ups, without a restart
// (the page titles used to be read once per process, so they showed as "Other pages").
// No waiting on the wall clock: the article is dated in the past and added after the first build,
// and that build's next-publish.json says a rebuild was due a minute ago, as a build made before an
// article's moment and served after it does; the server rebuilds at once, for real, and swaps.
import { symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Insights } from '../../src/shared/admin-api.ts';
import { openAdminSession } from '../support/admin-session.ts';
import { articleSource, buildFixture, makeFixtureSite, removeFixture } from '../support/fixture-site.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const SLUG = 'published-by-rebuild';
const TITLE = 'An article the rebuild published';
const PATH = `/articles/${SLUG}`;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('Insights after a scheduled rebuild on npm start', () => {
  it("shows the new article's title for its sign-ups, with no restart", async () => {
    const site = makeFixtureSite({
      'first-fixture': articleSource('first-fixture', ['second-fixture', 'third-fixture']),
      'second-fixture': articleSource('second-fixture', ['first-fixture', 'third-fixture']),
      'third-fixture': articleSource('third-fixture', ['first-fixture', 'second-fixture']),
    });
    cleanups.push(() => removeFixture(site));
    // The server mounts ROOT_DIR's functions: these, resolved to this checkout's own modules.
    symlinkSync(resolve('netlify'), join(site, 'netlify'), 'dir');
    const build = buildFixture(site);
    expect(build.status, build.output).toBe(0);

    // The article arrives after that build, dated in the past; the build says it is due.
    writeFileSync(
      join(site, 'src', 'content', 'articles', `${SLUG}.mdx`),
      articleSource(SLUG, ['first-fixture', 'second-fixture'], { title: `"${TITLE}"`, publishedDate: '2025-09-01' }),
    );
    writeFileSync(
      join(site, 'dist', 'next-publish.json'),
      JSON.stringify({ next: new Date(Date.now() - 60_000).toISOString() }),
    );

    const server: RunningServer = await startServer({ ROOT_DIR: site, SIGNUP_CONFIRMATION: 'single' });
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
    const signUp = await fetch(`${server.url}/api/signups`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify({ email: 'reader@example.org', signup_type: 'Newsletter', source_page: PATH }),
    });
    expect(signUp.status, await signUp.text()).toBeLessThan(300);

    // Before the new build: the page is unknown, so its sign-up is one of "Other pages".
    const before = await insights();
    expect(
      server.output(),
      'the rebuild finished before the first look at Insights: nothing would be proved',
    ).not.toContain('the new build is live');
    expect(before.topPages.find((p) => p.source_page === PATH)).toBeUndefined();
    expect(before.topPages).toContainEqual({ source_page: null, title: null, signups: 1 });

    const rebuilt = () =>
      server.output().includes('the new build is live')
        ? 'live'
        : /the build failed|could not be loaded/.test(server.output())
          ? 'failed'
          : 'building';
    await expect.poll(rebuilt, { timeout: 600_000, interval: 1_000 }).not.toBe('building');
    expect(rebuilt(), server.output()).toBe('live');
    expect((await fetch(server.url + PATH)).status).toBe(200);

    const after = await insights();
    expect(after.topPages).toEqual([{ source_page: PATH, title: TITLE, signups: 1 }]);
  }, 900_000);
});
