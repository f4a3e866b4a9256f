// Part 1: page weight per page type, measured in Chromium against the running server.
// "Before interaction" is everything a page loads until the network is idle with no input;
// "total" adds what scrolling to the bottom and a first key press bring in (islands, the components' scripts).
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

export const PAGE_TYPES: [label: string, path: string][] = [
  ['home', '/'],
  ['/articles', '/articles'],
  ['article', '/articles/hemp-vs-cotton'],
  ['story', '/stories/plant-power'],
  ['/contact', '/contact'],
  ['/admin', '/admin'],
];

type Kind = 'html' | 'css' | 'font' | 'image' | 'js' | 'other';
interface Sizes {
  raw: number;
  gz: number;
  count: number;
}
export interface PageWeight {
  label: string;
  path: string;
  before: Record<Kind, Sizes>;
  total: Record<Kind, Sizes>;
  requestsBefore: number;
  requestsTotal: number;
}

function kindOf(type: string, url: string): Kind {
  if (type === 'document') return 'html';
  if (type === 'stylesheet') return 'css';
  if (type === 'font') return 'font';
  if (type === 'image') return 'image';
  if (type === 'script' || /\.m?js($|\?)/.test(url)) return 'js';
  return 'other';
}

const empty = (): Record<Kind, Sizes> =>
  Object.fromEntries(
    ['html', 'css', 'font', 'image', 'js', 'other'].map((k) => [k, { raw: 0, gz: 0, count: 0 }]),
  ) as Record<Kind, Sizes>;

export async function measurePageWeight(
  browser: Browser,
  base: string,
  label: string,
  path: string,
): Promise<PageWeight> {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await ctx.newPage();
  const seen: { kind: Kind; raw: number; gz: number; phase: 'before' | 'after' }[] = [];
  let phase: 'before' | 'after' = 'before';
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    const req = res.request();
    const p = phase;
    pending.push(
      res
        .body()
        .then((body) => {
          seen.push({
            kind: kindOf(req.resourceType(), req.url()),
            raw: body.length,
            gz: gzipSync(body).length,
            phase: p,
          });
        })
        .catch(() => undefined),
    );
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  phase = 'after';
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  await page.keyboard.press('Tab');
  // networkidle was reached once already; wait for the requests scrolling started to settle.
  let count = -1;
  while (count !== seen.length + pending.length) {
    count = seen.length + pending.length;
    await page.waitForTimeout(750);
    await Promise.all(pending);
  }
  await ctx.close();

  const before = empty();
  const total = empty();
  for (const s of seen) {
    for (const bucket of s.phase === 'before' ? [before, total] : [total]) {
      bucket[s.kind].raw += s.raw;
      bucket[s.kind].gz += s.gz;
      bucket[s.kind].count += 1;
    }
  }
  return {
    label,
    path,
    before,
    total,
    requestsBefore: seen.filter((s) => s.phase === 'before').length,
    requestsTotal: seen.length,
  };
}

const kb = (n: number) => (n / 1024).toFixed(1);

export function pageWeightTable(rows: PageWeight[]): string {
  const head =
    '| page | HTML raw / gz KB | CSS raw / gz | fonts | images | JS before interaction raw / gz | JS total raw / gz | requests before / total |\n' +
    '| --- | --- | --- | --- | --- | --- | --- | --- |';
  const lines = rows.map((r) => {
    const b = r.before;
    const t = r.total;
    return `| ${r.label} | ${kb(b.html.raw)} / ${kb(b.html.gz)} | ${kb(b.css.raw)} / ${kb(b.css.gz)} | ${kb(b.font.raw)} (${b.font.count}) | ${kb(t.image.raw)} (${t.image.count}) | ${kb(b.js.raw)} / ${kb(b.js.gz)} | ${kb(t.js.raw)} / ${kb(t.js.gz)} | ${r.requestsBefore} / ${r.requestsTotal} |`;
  });
  return [head, ...lines].join('\n');
}
