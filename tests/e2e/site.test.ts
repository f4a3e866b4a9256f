// The public site in a real browser against the production server: routes, navigation, anchors,
// the mobile menu, search, share, Back, the 404 page and the sitemap page.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { browserForFile } from '../support/browser';
import { SITE, STATIC_PAGES, NAV } from '../../src/site';
import { siteUrl } from '../support/site-url.ts';

const base = siteUrl();
const { open, browser: currentBrowser } = browserForFile(base);

async function sitemapPaths(): Promise<string[]> {
  const xml = await (await fetch(base + '/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

describe('routes', () => {
  it('answers 200 on every route of the spec, at its canonical URL', async () => {
    const paths = [...(await sitemapPaths()), '/admin', '/sitemap', '/sitemap.xml', '/rss.xml', '/robots.txt'];
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/articles',
        '/contact',
        '/stories/cotton-revolution',
        '/stories/wool-superpowers',
        '/stories/plant-power',
      ]),
    );
    expect(paths.filter((p) => p.startsWith('/articles/'))).toHaveLength(28);
    for (const path of paths) {
      const res = await fetch(base + path, { redirect: 'manual' });
      expect(res.status, path).toBe(200);
    }
  });

  it('answers 404 with the not-found page for an unknown path', async () => {
    const res = await fetch(base + '/no/such/page');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Return to Home');
    expect(html).toContain('Browse Articles');
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
  });

  it('redirects /education to the home page education section, and trailing slashes to canonical URLs', async () => {
    const edu = await fetch(base + '/education', { redirect: 'manual' });
    expect(edu.status).toBe(301);
    expect(edu.headers.get('location')).toBe('/#education');
    const slash = await fetch(base + '/articles/hemp-vs-cotton/', { redirect: 'manual' });
    expect(slash.status).toBe(301);
    expect(slash.headers.get('location')).toBe('/articles/hemp-vs-cotton');
    const html = await fetch(base + '/contact.html', { redirect: 'manual' });
    expect(html.status).toBe(301);
    expect(html.headers.get('location')).toBe('/contact');
  });

  it('serves a canonical link equal to the URL it is served at, with title suffix, keywords and social tags', async () => {
    for (const path of ['/', '/articles', '/articles/merino-wool-care', '/stories/plant-power', '/contact']) {
      const html = await (await fetch(base + path)).text();
      const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
      expect(new URL(canonical!).pathname, path).toBe(path);
      const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
      expect(title!.endsWith(SITE.titleSuffix), path).toBe(true);
      expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+\.png"/);
      expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image"/);
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
      expect(html, path).toMatch(/<meta name="keywords" content="[^"]{10,}"/);
    }
  });

  it('serves hashed assets with long-lived caching and compresses text', async () => {
    const html = await (await fetch(base + '/')).text();
    const asset = html.match(/\/_astro\/[^"')\s]+\.(?:css|svg|woff2)/)?.[0];
    expect(asset).toBeDefined();
    const res = await fetch(base + asset!);
    expect(res.headers.get('cache-control')).toContain('immutable');
    const page = await fetch(base + '/articles', { headers: { 'accept-encoding': 'br' } });
    expect(page.headers.get('content-encoding')).toBe('br');
  });
});

describe('article pages', () => {
  it('show the spec parts: title, author, date, reading time, lead, FAQ Q1-Q3, references and related articles', async () => {
    const { page, ctx } = await open('/articles/hemp-vs-cotton');
    await expect.poll(() => page.locator('h1').count()).toBe(1);
    const byline = await page.locator('.article-head .byline').innerText();
    expect(byline).toContain(SITE.author);
    expect(byline).toMatch(/\d+ min read/);
    expect(await page.locator('.faq dt .label').allInnerTexts()).toEqual(['Q1', 'Q2', 'Q3']);
    // The sources themselves (each entry's first link; the others lead back into the text).
    const refs = page.locator('.references li > a:first-child');
    expect(await refs.count()).toBeGreaterThanOrEqual(3);
    for (const a of await refs.all()) {
      expect(await a.getAttribute('target')).toBe('_blank');
      expect(await a.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await a.getAttribute('href')).toMatch(/^https:\/\//);
    }
    expect(await page.locator('.related .card').count()).toBe(2);
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    const types = ld.map((t) => (JSON.parse(t) as { '@type': string })['@type']);
    expect(types).toEqual(['Article', 'FAQPage']);
    const article = JSON.parse(ld[0]!) as { timeRequired: string; wordCount: number };
    expect(article.timeRequired).toMatch(/^PT\d+M$/);
    expect(article.wordCount).toBeGreaterThanOrEqual(1200);
    await ctx.close();
  });

  it('link each citation marker to its reference and back, without JavaScript, and print the markers', async () => {
    const { page, ctx } = await open('/articles/hemp-vs-cotton', { javaScriptEnabled: false });
    const markers = page.locator('.prose sup.cite a');
    expect(await markers.count()).toBeGreaterThanOrEqual(15);
    // The first marker: a link named by its number, to the reference at that place in the list
    // (references are numbered in the order the article lists them, not the order they are cited).
    const first = markers.first();
    const target = (await first.getAttribute('href'))!;
    expect(target).toMatch(/^#ref-/);
    const ids = await page.locator('.references li').evaluateAll((lis) => lis.map((li) => li.id));
    const n = ids.indexOf(target.slice(1)) + 1;
    expect(n).toBeGreaterThan(0);
    expect(await first.getAttribute('aria-label')).toBe(`Reference ${n}`);
    expect(await first.innerText()).toBe(`[${n}]`);
    await first.click();
    await expect.poll(() => new URL(page.url()).hash).toBe(target);
    const entry = page.locator('.references li:target');
    expect((await entry.innerText()).length).toBeGreaterThan(20);
    expect(ids[0]).toBe('ref-sei-2005');
    expect(await page.locator('#ref-sei-2005').innerText()).toContain('Ecological Footprint and Water Analysis');
    // ...and back to the sentence it supports.
    const back = entry.locator('.back a').first();
    expect(await back.getAttribute('aria-label')).toMatch(
      new RegExp(`^Back to (where reference ${n} is cited|citation 1 of reference ${n})$`),
    );
    await back.click();
    await expect.poll(() => new URL(page.url()).hash).toBe(`#cite-${target.slice('#ref-'.length)}-1`);
    expect(await page.locator('sup.cite a:target').innerText()).toBe(`[${n}]`);
    // A reference cited twice links back to both places.
    const drastig = page.locator('#ref-drastig-2020 .back a');
    expect(await drastig.count()).toBeGreaterThanOrEqual(2);
    expect(await drastig.nth(1).getAttribute('aria-label')).toMatch(/^Back to citation 2 of reference \d+$/);
    // On paper: the markers stay, the back links go, each source prints its address.
    await page.emulateMedia({ media: 'print' });
    expect(await first.isVisible()).toBe(true);
    expect(await back.isVisible()).toBe(false);
    const printed = await page
      .locator('.references li > a:first-child')
      .first()
      .evaluate((a) => getComputedStyle(a, '::after').content);
    expect(printed).toContain('https://www.sei-international.org/publications?pid=1694');
    await ctx.close();
  });

  it('show "Updated" and the corrections note of a corrected article', async () => {
    // What the page must show comes from the article's own front matter: corrections keep coming.
    const source = readFileSync('src/content/articles/merino-vs-cashmere.mdx', 'utf8');
    const front = parse(source.split(/^---$/m)[1]!) as {
      publishedDate: string;
      updatedDate: string;
      corrections: { date: string; text: string }[];
    };
    const day = (iso: string) =>
      new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
        month: 'long',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      });
    const { page, ctx } = await open('/articles/merino-vs-cashmere');
    const updated = page.locator('.article-head .byline a[href="#corrections"]');
    expect(await updated.innerText()).toBe(`Updated ${day(front.updatedDate)}`);
    expect(await updated.locator('time').getAttribute('datetime')).toBe(front.updatedDate);
    const notes = page.locator('#corrections li');
    expect(front.corrections.length).toBeGreaterThan(1);
    expect(await notes.count()).toBe(front.corrections.length);
    // In the front matter's order (newest first), each dated in words, its text whole.
    for (const [i, note] of front.corrections.slice(0, 2).entries())
      expect((await notes.nth(i).innerText()).replace(/\s+/g, ' ')).toBe(
        `${day(note.date)}: ${note.text.replace(/\s+/g, ' ')}`,
      );
    // The corrections come after the text and before the references.
    const order = await page.evaluate(() => {
      const c = document.querySelector('#corrections')!;
      const r = document.querySelector('.references')!;
      return c.compareDocumentPosition(r) & Node.DOCUMENT_POSITION_FOLLOWING;
    });
    expect(order).toBeTruthy();
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!) as {
      dateModified: string;
      datePublished: string;
    };
    expect(ld).toMatchObject({ datePublished: front.publishedDate, dateModified: front.updatedDate });
    // Every real piece now carries a correction; the page without one is checked on a fixture
    // build (tests/fixtures/citations.test.ts).
    await ctx.close();
  });

  it('lists three related articles on cotton-blends-vs-natural-fibers', async () => {
    const { page, ctx } = await open('/articles/cotton-blends-vs-natural-fibers');
    expect(await page.locator('.related .card').count()).toBe(3);
    await ctx.close();
  });

  it('shows the announcement bar above the header on algae-based-textiles', async () => {
    const { page, ctx } = await open('/articles/algae-based-textiles');
    const barBox = await page.locator('.announcement').boundingBox();
    const headerBox = await page.locator('.site-header').boundingBox();
    expect(barBox!.y).toBeLessThan(headerBox!.y);
    await ctx.close();
  });

  it('shows the mushroom, pineapple and apple comparison table on beyond-vegan-leather', async () => {
    const { page, ctx } = await open('/articles/beyond-vegan-leather');
    // Scrolled to, as a reader does: its chapter is only laid out near the screen.
    const tableEl = page.locator('.prose table').first();
    await tableEl.scrollIntoViewIfNeeded();
    for (const word of ['mushroom', 'pineapple', 'apple'])
      await expect.poll(async () => (await tableEl.innerText()).toLowerCase()).toContain(word);
    await ctx.close();
  });

  it('loads no script before the reader interacts or scrolls to an island', async () => {
    const ctx = await currentBrowser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(base + '/articles/merino-wool-care', { waitUntil: 'networkidle' });
    expect(scripts).toEqual([]);
    await ctx.close();
  });
});

describe('navigation', () => {
  it('has the spec navigation in order on every page', async () => {
    const { page, ctx } = await open('/contact');
    const links = page.locator('#site-nav a');
    expect(await links.allInnerTexts()).toEqual(NAV.map((l) => l.label));
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(NAV.map((l) => l.href));
    await ctx.close();
  });

  it('follows an anchor link from another page to the home section', async () => {
    const { page, ctx } = await open('/contact');
    await page.locator('#site-nav a', { hasText: 'Learn' }).click();
    await page.waitForURL(base + '/#education');
    await expect
      .poll(
        () =>
          page.locator('#education').evaluate((el) => {
            const r = el.getBoundingClientRect();
            return r.top >= -2 && r.top < window.innerHeight / 2;
          }),
        // One evaluation can take over the default second on a loaded machine.
        { timeout: 5_000 },
      )
      .toBe(true);
    await ctx.close();
  });

  it('takes the reader to the footer newsletter from the header button', async () => {
    const { page, ctx } = await open('/articles');
    await page.getByRole('link', { name: 'Newsletter' }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#newsletter');
    await ctx.close();
  });

  it('opens and closes the mobile menu at 375 px by button, Escape and choosing a link', async () => {
    const { page, ctx } = await open('/articles/merino-wool-care', { viewport: { width: 375, height: 740 } });
    const button = page.getByRole('button', { name: 'Menu' });
    const nav = page.locator('#site-nav');
    expect(await nav.isVisible()).toBe(false);
    expect(await button.getAttribute('aria-controls')).toBe('site-nav');

    // The state is the browser's own (popovertarget), read from Chromium's accessibility tree: no
    // aria-expanded attribute, which a popovertarget button must not carry.
    expect(await button.getAttribute('aria-expanded')).toBeNull();
    const cdp = await ctx.newCDPSession(page);
    const expanded = async () => {
      const { nodes } = (await cdp.send('Accessibility.queryAXTree', {
        backendNodeId: (await cdp.send('DOM.describeNode', { objectId: await menuButtonObjectId() })).node
          .backendNodeId,
      })) as { nodes: { properties?: { name: string; value: { value: unknown } }[] }[] };
      return nodes[0]?.properties?.find((p) => p.name === 'expanded')?.value.value ?? false;
    };
    const menuButtonObjectId = async () =>
      (
        (await cdp.send('Runtime.evaluate', { expression: 'document.querySelector("[popovertarget=site-nav]")' })) as {
          result: { objectId: string };
        }
      ).result.objectId;
    await cdp.send('Accessibility.enable');
    expect(await expanded()).toBe(false);

    await button.click();
    await expect.poll(() => nav.isVisible()).toBe(true);
    await expect.poll(expanded).toBe(true);

    await page.keyboard.press('Escape');
    await expect.poll(() => nav.isVisible()).toBe(false);
    await expect.poll(expanded).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Menu');

    await button.click();
    await expect.poll(() => nav.isVisible()).toBe(true);
    await nav.getByRole('link', { name: 'Stories' }).click();
    await page.waitForURL(base + '/#categories');
    await expect.poll(() => page.locator('#site-nav').isVisible()).toBe(false);

    // Choosing an anchor on the same page closes the menu too.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('#site-nav').getByRole('link', { name: 'About' }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#about');
    await expect.poll(() => page.locator('#site-nav').isVisible()).toBe(false);
    await ctx.close();
  });

  it('goes back in history with Back, and to /articles when there is no history', async () => {
    const { page, ctx } = await open('/articles');
    await page.locator('.card-title a').first().click();
    await page.waitForURL(/\/articles\/.+/);
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await page.waitForURL(base + '/articles');
    await ctx.close();

    const direct = await open('/articles/merino-wool-care');
    await direct.page.getByRole('link', { name: 'Back', exact: true }).click();
    await direct.page.waitForURL(base + '/articles');
    await direct.ctx.close();
  });
});

describe('search', () => {
  it('finds articles by their full text and opens a result from the keyboard', async () => {
    const { page, ctx } = await open('/contact');
    await page.getByRole('button', { name: 'Search' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const input = dialog.getByRole('searchbox');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('search-input');
    // A phrase from deep inside an article body, not its title.
    await input.fill('mycelium');
    await expect.poll(() => page.locator('#search-results a').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const status = await page.locator('#search-status').innerText();
    expect(status).toMatch(/\d+ results? for “mycelium”/);
    await input.press('ArrowDown');
    const href = await page.evaluate(() => (document.activeElement as HTMLAnchorElement).getAttribute('href'));
    expect(href).toMatch(/^\/(articles|stories)\/[a-z0-9-]+$/);
    await page.keyboard.press('Enter');
    await page.waitForURL(base + href!);
    await ctx.close();
  });

  it('says so when nothing matches, and closes with Escape', async () => {
    const { page, ctx } = await open('/');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('searchbox').fill('zzqxv');
    await expect.poll(() => page.locator('#search-status').innerText(), { timeout: 15_000 }).toContain('No results');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search');
    await ctx.close();
  });
});

describe('share', () => {
  it('copies the canonical link and confirms when the Web Share API is absent', async () => {
    const { page, ctx } = await open('/articles/linen-vs-cotton');
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));
    await page.getByRole('button', { name: 'Share this page' }).click();
    await expect.poll(() => page.locator('#page-notice').innerText()).toBe('Link copied to your clipboard.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await page.locator('link[rel="canonical"]').getAttribute('href'));
    await ctx.close();
  });

  it('uses the Web Share API where the browser has it', async () => {
    const ctx = await currentBrowser().newContext();
    // The browser's share sheet cannot open headless; record what the page asks it to share.
    await ctx.addInitScript(() => {
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          (window as unknown as { shared: ShareData }).shared = data;
          return Promise.resolve();
        },
      });
    });
    const page = await ctx.newPage();
    await page.goto(base + '/stories/plant-power');
    await page.getByRole('button', { name: 'Share this page' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared?.url))
      .toMatch(/\/stories\/plant-power$/);
    await ctx.close();
  });
});

describe('404 and sitemap pages', () => {
  it('shows 404 with its two buttons and logs the unknown path', async () => {
    const ctx = await currentBrowser().newContext();
    const page = await ctx.newPage();
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    const res = await page.goto(base + '/missing-page-xyz');
    expect(res!.status()).toBe(404);
    expect(await page.locator('.code').innerText()).toBe('404');
    await expect.poll(() => warnings.some((w) => w.includes('/missing-page-xyz'))).toBe(true);
    await page.getByRole('link', { name: 'Browse Articles' }).click();
    await page.waitForURL(base + '/articles');
    await ctx.close();
  });

  it('shows the sitemap XML as monospace text with the spec title and robots tag', async () => {
    const { page, ctx } = await open('/sitemap');
    expect(await page.title()).toBe('Sitemap');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    const pre = page.locator('pre');
    const text = await pre.innerText();
    expect(text).toContain('<urlset');
    expect(await pre.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/mono|Menlo|Consolas/i);
    const xml = await (await fetch(base + '/sitemap.xml')).text();
    expect(text.trim()).toBe(xml.trim());
    for (const p of STATIC_PAGES) expect(xml).toMatch(new RegExp(`<loc>https?://[^/<]+${p.path}</loc>`));
    // Their lastmod is the newest entry they show (tests/built-site/feeds.test.ts).
    expect(xml).toMatch(
      /<loc>[^<]+\/<\/loc>\s*<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>\s*<changefreq>weekly<\/changefreq>\s*<priority>1\.0<\/priority>/,
    );
    expect(xml).toMatch(
      /\/articles<\/loc>\s*<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>\s*<changefreq>weekly<\/changefreq>\s*<priority>0\.8<\/priority>/,
    );
    expect(xml).toMatch(
      /\/contact<\/loc>\s*<lastmod>2025-09-03<\/lastmod>\s*<changefreq>monthly<\/changefreq>\s*<priority>0\.6<\/priority>/,
    );
    // An article's lastmod is its last update (front-matter updatedDate), as its file says today.
    const updated = /^updatedDate: (\d{4}-\d{2}-\d{2})/m.exec(
      readFileSync('src/content/articles/hemp-vs-cotton.mdx', 'utf8'),
    )![1]!;
    expect(xml).toMatch(
      new RegExp(
        `/articles/hemp-vs-cotton</loc>\\s*<lastmod>${updated}</lastmod>\\s*<changefreq>monthly</changefreq>\\s*<priority>0\\.7</priority>`,
      ),
    );
    await ctx.close();
  });

  it('publishes every article in RSS and points robots.txt at the sitemap', async () => {
    const rss = await (await fetch(base + '/rss.xml')).text();
    expect(rss.match(/<item>/g)).toHaveLength(28);
    const robots = await (await fetch(base + '/robots.txt')).text();
    expect(robots).toMatch(/^Sitemap: https?:\/\/[^\s]+\/sitemap\.xml$/m);
  });
});

describe('home', () => {
  it('shows the hero, the value cards, three story cards, six benefits, three fibers and the latest 1 + 3 articles', async () => {
    const { page, ctx } = await open('/');
    expect(await page.locator('h1').innerText()).toBe('Your Clothes Tell Stories');
    await expect.poll(() => page.getByText('Building a Movement').count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: /Start Learning/ }).getAttribute('href')).toBe('/articles');
    for (const t of ['Real People, Real Stories', 'Science Made Simple', 'Economics That Matter'])
      expect(await page.getByRole('heading', { name: t }).count()).toBe(1);
    expect(await page.locator('#categories .story').count()).toBe(3);
    expect(await page.locator('#education .benefit').count()).toBe(6);
    expect(await page.locator('#education .fibre').count()).toBe(3);
    expect(await page.locator('#blog .card.featured').count()).toBe(1);
    expect(await page.locator('#blog .latest-rest .card').count()).toBe(3);
    for (const id of ['education', 'blog', 'about', 'categories', 'contact'])
      expect(await page.locator(`#${id}`).count()).toBe(1);
    // The featured card is the newest article of the catalogue.
    const rss = await (await fetch(base + '/rss.xml')).text();
    const newest = rss.match(/<item><title>([^<]+)<\/title>/)?.[1];
    const featuredTitle = page.locator('#blog .card.featured .card-title');
    await featuredTitle.scrollIntoViewIfNeeded();
    await expect.poll(() => featuredTitle.innerText()).toBe(newest!.replace(/&amp;/g, '&'));
    await ctx.close();
  });

  it('filters the article list by category without JavaScript', async () => {
    const { page, ctx } = await open('/articles', { javaScriptEnabled: false });
    const cards = page.locator('.card-grid .card');
    expect(await cards.count()).toBe(28);
    await page.getByRole('link', { name: 'Health', exact: true }).click();
    const visible = await cards.evaluateAll((els) =>
      els.filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => e.getAttribute('data-category')),
    );
    expect(visible.length).toBeGreaterThan(0);
    expect(new Set(visible)).toEqual(new Set(['Health']));
    await ctx.close();
  });
});
