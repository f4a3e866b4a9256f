// Part 2: Lighthouse (mobile and desktop, the median of BENCH_LH_RUNS interleaved runs, 5 by
// default) on our pages, next to a reference: one static HTML file with the same article's text,
// no CSS and no JavaScript, served by the same server; and the article next to itself without its
// inline photo (the photo's own cost, issue 26). LCP is reported as a ratio to the reference's,
// with the targets: performance 100, TBT at most 50 ms, CLS 0, no long task over 50 ms on load that Lighthouse attributes to the page (those
// it attributes to no URL, which the reference shows too, are counted apart), article and story
// LCP at most 1.25× the reference's; and the bytes (HTML, CSS, fonts) that arrived before the first paint.
import lighthouse, { desktopConfig } from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_FLAGS, FULL_CHROMIUM, OMNIBOX_WEBUI } from '../../tests/support/browser.ts';

export const REFERENCE_PATH = '/bench-reference';
/** The bench article with its inline photos taken out: the A/B for what a photo in the text costs. */
export const NO_PHOTO_PATH = '/bench-article-no-photo';

/** The article's page as built, less its inline `<figure class="figure">` photos; throws if it has none. */
export function withoutInlinePhotos(articleHtml: string): string {
  const figure = /<figure class="figure"[\s\S]*?<\/figure>/g;
  if (!figure.test(articleHtml)) throw new Error('The bench article has no inline photo to compare against');
  return articleHtml.replace(figure, '');
}

/** The reference page: the article's own text (title, lead, body), stripped of scripts, islands and styles. */
export function referenceHtml(articleHtml: string): string {
  const article = articleHtml.match(/<article[\s\S]*?<\/article>/)?.[0] ?? '';
  const text = article
    .replace(/<astro-island[\s\S]*?<\/astro-island>/g, '')
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<img[^>]*>/g, '')
    .replace(/\s(class|style|data-[\w-]+|tabindex)="[^"]*"/g, '');
  const title = articleHtml.match(/<title>([^<]*)<\/title>/)?.[1] ?? 'Reference';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><meta name="description" content="Reference page"></head><body><main>${text}</main></body></html>`;
}

export interface LhRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  /** Every run's LCP, in the order measured (the spread beside the median). */
  lcpRuns: number[];
  tbt: number;
  cls: number;
  /** The largest CLS of the runs (a shift in one run of three is real, even when the median is 0). */
  clsMax: number;
  /** Main-thread tasks over 50 ms during load that Lighthouse attributes to the page (long-tasks audit). */
  longTasks: number;
  /**
   * Those it attributes to no URL (the browser's navigation commit among them, which the plain-HTML
   * reference shows as well), reported apart.
   */
  unattributedTasks: number;
  /** The longest main-thread task at load, ms as Lighthouse simulates it (either kind, 0 if none over 50 ms). */
  longestTask: number;
  /** Transfer bytes of HTML, CSS and fonts finished before the observed first paint. */
  bytesBeforePaint: number;
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
  networkEndTime?: number;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** One Lighthouse run of one page, or null when its trace failed to record (NO_NAVSTART happens here now and then). */
async function lighthouseSample(url: string, formFactor: 'mobile' | 'desktop'): Promise<LhRun | null> {
  // chrome-launcher's own flags, its feature list extended: the omnibox popup's two WebUI renderers
  // (tests/support/browser.ts) would otherwise take CPU from the page being measured.
  const defaults = chromeLauncher.Launcher.defaultFlags().map((flag) =>
    flag.startsWith('--disable-features=') ? `${flag},${OMNIBOX_WEBUI.join(',')}` : flag,
  );
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || FULL_CHROMIUM,
    ignoreDefaultFlags: true,
    chromeFlags: [...defaults, '--headless=new', ...CHROMIUM_FLAGS],
  });
  try {
    const flags = {
      port: chrome.port,
      output: 'json' as const,
      logLevel: 'error' as const,
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    };
    const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) return null;
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const num = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
    const items = (id: string) => (lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? [];
    const observed = items('metrics')[0] as { observedFirstPaint?: number; observedTimeOrigin?: number } | undefined;
    const firstPaint = observed?.observedFirstPaint ?? Infinity;
    const bytesBeforePaint = (items('network-requests') as NetworkItem[])
      .filter((r) => ['Document', 'Stylesheet', 'Font'].includes(r.resourceType ?? ''))
      .filter((r) => (r.networkEndTime ?? Infinity) <= firstPaint)
      .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    const longTasks = (items('long-tasks') as { duration?: number; url?: string }[]).filter(
      (t) => (t.duration ?? 0) > 50,
    );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcp: num('largest-contentful-paint'),
      lcpRuns: [num('largest-contentful-paint')],
      tbt: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      clsMax: num('cumulative-layout-shift'),
      longTasks: longTasks.filter((t) => t.url !== 'Unattributable').length,
      unattributedTasks: longTasks.filter((t) => t.url === 'Unattributable').length,
      longestTask: Math.max(0, ...longTasks.map((t) => t.duration ?? 0)),
      bytesBeforePaint,
    };
  } finally {
    chrome.kill();
  }
}

function summarize(results: LhRun[]): LhRun {
  const mid = (pick: (r: LhRun) => number) => median(results.map(pick));
  return {
    performance: mid((r) => r.performance),
    accessibility: mid((r) => r.accessibility),
    bestPractices: mid((r) => r.bestPractices),
    seo: mid((r) => r.seo),
    lcp: mid((r) => r.lcp),
    lcpRuns: results.map((r) => r.lcp),
    tbt: mid((r) => r.tbt),
    cls: mid((r) => r.cls),
    clsMax: Math.max(...results.map((r) => r.cls)),
    longTasks: mid((r) => r.longTasks),
    unattributedTasks: mid((r) => r.unattributedTasks),
    longestTask: mid((r) => r.longestTask),
    bytesBeforePaint: mid((r) => r.bytesBeforePaint),
  };
}

/**
 * Lighthouse on several pages, `runs` times each, interleaved: round after round, every page once
 * per round (reference, page, page, …, then again). A ratio of two pages' medians then compares
 * runs taken minutes apart under the same conditions, not the reference's three runs at the start
 * against a page's three some minutes later (Lantern's estimates follow the machine's CPU time,
 * which drifts: the reference alone measured 723–795 ms in quiet runs of one day).
 */
export async function runLighthouseInterleaved(
  urls: string[],
  formFactor: 'mobile' | 'desktop',
  runs: number,
): Promise<LhRun[]> {
  const samples: LhRun[][] = urls.map(() => []);
  for (let round = 0; round < runs; round++) {
    for (const [i, url] of urls.entries()) {
      for (let attempt = 1; ; attempt++) {
        const sample = await lighthouseSample(url, formFactor);
        if (sample) {
          samples[i]!.push(sample);
          break;
        }
        if (attempt >= 3) throw new Error(`Lighthouse keeps failing on ${url}`);
      }
    }
  }
  return samples.map(summarize);
}

/**
 * CLS as printed: exactly 0 as `0`, anything above it with at least two significant digits, so a
 * printed value and its verdict (any CLS above 0 misses) never disagree (0.0004 printed as 0.000
 * once stood next to a "no (CLS)").
 */
export function formatCls(cls: number): string {
  if (cls === 0) return '0';
  return cls < 0.01 ? cls.toPrecision(2) : cls.toFixed(3);
}

/** The LCP median, with the runs' range when there was more than one run. */
function lcpCell(run: LhRun): string {
  const median = run.lcp.toFixed(0);
  if (run.lcpRuns.length < 2) return median;
  return `${median} (${Math.min(...run.lcpRuns).toFixed(0)}–${Math.max(...run.lcpRuns).toFixed(0)})`;
}

/** The CLS median, with the largest run's when a run shifted more than the median says. */
function clsCell(run: LhRun): string {
  return `${formatCls(run.cls)}${run.clsMax > run.cls ? ` (max ${formatCls(run.clsMax)})` : ''}`;
}

/** Page types whose LCP is held to 1.25× the reference's (text pages the reference stands for). */
const LCP_RATIO_TARGET: Record<string, number> = { article: 1.25, story: 1.25 };

export function lighthouseTable(rows: { label: string; formFactor: string; run: LhRun; refLcp: number }[]): string {
  const head =
    '| page | form factor | perf | a11y | best practices | SEO | LCP ms, median (range) | TBT ms | CLS | long tasks > 50 ms: page / unattributed (longest ms) | LCP ÷ reference | HTML+CSS+fonts before first paint KB | targets met |\n' +
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |';
  const lines = rows.map(({ label, formFactor, run, refLcp }) => {
    const ratio = run.lcp / refLcp;
    const ratioTarget = formFactor === 'mobile' ? LCP_RATIO_TARGET[label] : undefined;
    const missed = [
      run.performance < 100 && 'perf',
      run.tbt > 50 && 'TBT',
      run.cls > 0 && 'CLS',
      run.longTasks > 0 && 'long tasks',
      ratioTarget !== undefined && ratio > ratioTarget && 'LCP ratio',
    ].filter(Boolean);
    const verdict = label === 'reference' ? '–' : missed.length ? `no (${missed.join(', ')})` : 'yes';
    return `| ${label} | ${formFactor} | ${run.performance} | ${run.accessibility} | ${run.bestPractices} | ${run.seo} | ${lcpCell(run)} | ${run.tbt.toFixed(0)} | ${clsCell(run)} | ${run.longTasks} / ${run.unattributedTasks}${run.longestTask ? ` (${run.longestTask.toFixed(0)})` : ''} | ${ratio.toFixed(2)}×${ratioTarget ? ` (≤ ${ratioTarget})` : ''} | ${(run.bytesBeforePaint / 1024).toFixed(1)} | ${verdict} |`;
  });
  return [head, ...lines].join('\n');
}

/**
 * The inline photo's cost: the article as built against the same page without its photo, each
 * form factor's runs interleaved with the other pages'. The photo is lazy and below the fold, so
 * every figure should match; the LCP ratio is the one to read.
 */
export function photoCostTable(rows: { formFactor: string; withPhoto: LhRun; withoutPhoto: LhRun }[]): string {
  const head =
    '| form factor | page | perf | LCP ms, median (range) | TBT ms | CLS | HTML+CSS+fonts before first paint KB | LCP with ÷ without |\n' +
    '| --- | --- | --- | --- | --- | --- | --- | --- |';
  const line = (formFactor: string, label: string, run: LhRun, ratio: string) =>
    `| ${formFactor} | ${label} | ${run.performance} | ${lcpCell(run)} | ${run.tbt.toFixed(0)} | ${clsCell(run)} | ${(run.bytesBeforePaint / 1024).toFixed(1)} | ${ratio} |`;
  const lines = rows.flatMap(({ formFactor, withPhoto, withoutPhoto }) => [
    line(
      formFactor,
      'article, inline photo below the fold',
      withPhoto,
      `${(withPhoto.lcp / withoutPhoto.lcp).toFixed(2)}×`,
    ),
    line(formFactor, 'same article, photo taken out', withoutPhoto, '1.00×'),
  ]);
  return [head, ...lines].join('\n');
}
