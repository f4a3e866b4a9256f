// axe-core (WCAG 2.2 AA rules) on every page of the sitemap plus /admin, /sitemap and the 404
// page: no serious or critical violation, in the light theme and (one page of each type, on
// desktop and phone) in the dark theme.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeAtRest } from '../support/axe';
import { browserForFile } from '../support/browser';
import { siteUrl } from '../support/site-url.ts';

const base = siteUrl();
const { browser } = browserForFile(base);

describe('accessibility', () => {
  it('has no serious or critical axe violation on any page, on desktop and phone, in both themes', async () => {
    const xml = await (await fetch(base + '/sitemap.xml')).text();
    const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    paths.push('/admin', '/sitemap', '/no-such-page');
    const problems: string[] = [];
    const onePerType = [
      '/',
      '/articles',
      '/articles/hemp-vs-cotton',
      '/stories/plant-power',
      '/contact',
      '/admin',
      '/no-such-page',
    ];
    const passes = [
      { viewport: { width: 1280, height: 900 }, colorScheme: 'light' },
      { viewport: { width: 375, height: 740 }, colorScheme: 'light' },
      { viewport: { width: 1280, height: 900 }, colorScheme: 'dark' },
      { viewport: { width: 375, height: 740 }, colorScheme: 'dark' },
    ] as const;
    // The light desktop pass covers every page; the others one page of each type.
    const jobs = passes.flatMap((pass) =>
      (pass.viewport.width === 1280 && pass.colorScheme === 'light' ? paths : onePerType).map((path) => ({
        ...pass,
        path,
      })),
    );
    // Two pages at a time: axe runs in the page's renderer, one core each, and nothing here writes.
    // Each keeps its page from job to job (a new page costs a renderer's start), set to the job's
    // width and theme before it loads the next path.
    const check = async (page: Page, { viewport, colorScheme, path }: (typeof jobs)[number]) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await page.goto(base + path);
      // Whatever is off screen under content-visibility: auto (chapters, cards, the footer) has no
      // layout for axe to measure colours and target sizes on; shown, it renders exactly so.
      await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
      const result = await (await axeAtRest(page)).analyze();
      for (const v of result.violations) {
        if (v.impact === 'serious' || v.impact === 'critical')
          problems.push(
            `${viewport.width}px ${colorScheme} ${path}: ${v.id} (${v.impact}) ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
          );
      }
    };
    const queue = [...jobs];
    await Promise.all(
      [0, 1].map(async () => {
        const ctx = await browser().newContext();
        const page = await ctx.newPage();
        for (let job = queue.shift(); job; job = queue.shift()) await check(page, job);
        await ctx.close();
      }),
    );
    expect(problems).toEqual([]);
  }, 900_000);
});
