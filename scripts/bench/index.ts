// `npm run bench`: every figure measured in this one run on this machine, each next to the
// reference it is judged against. Not part of `npm test`. Needs a built site (npm run build),
// Chromium, and the PostgreSQL server on 127.0.0.1:5432 for the Postgres rows.
//   BENCH_PARTS=weight,lighthouse,functions,scale,admin,email,mail,subscriptions,announcements,readership   (default: all)
//   BENCH_LH_RUNS=5   Lighthouse runs per page and form factor (interleaved across the pages)
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchBrowser } from '../../tests/support/browser.ts';
import { compress, ENCODINGS, type Encoding } from '../../server/precompress.ts';
import { startServer, type RunningServer } from '../../tests/support/server.ts';
import { createPgDatabase } from '../../tests/support/db.ts';
import { measurePageWeight, pageWeightTable, PAGE_TYPES } from './page-weight.ts';
import {
  lighthouseTable,
  NO_PHOTO_PATH,
  photoCostTable,
  referenceHtml,
  REFERENCE_PATH,
  runLighthouseInterleaved,
  withoutInlinePhotos,
} from './lighthouse.ts';
import { BROWSER_ACCEPT_ENCODING, load, loadClient, loadTable, startBareServer, type Load } from './functions.ts';
import { buildTable, generatedArticles, realArticles, timeBuild } from './scale.ts';
import { benchEmail, emailTable } from './email.ts';
import { benchMail, mailTable } from './mail.ts';
import { announcementTable, benchAnnouncements } from './announcements.ts';
import { benchSignupLatency, signupLatencyTable } from './subscriptions.ts';
import { benchCollection, benchReadershipQueries, collectionTable, queryTable } from './readership.ts';

const parts = new Set(
  (
    process.env.BENCH_PARTS ??
    'weight,lighthouse,functions,scale,admin,email,mail,subscriptions,announcements,readership'
  ).split(','),
);
const out: string[] = [
  `# Rooted Threads benchmark\n\n${new Date().toISOString()} · Node ${process.version} · ${process.platform}/${process.arch}\n`,
];
const print = (s: string) => {
  out.push(s);
  console.log(s);
};

/**
 * A page with the Brotli and gzip siblings the build would give it (the server's start-up fallback
 * compresses less), so it is compared with the built pages byte for byte the same way.
 */
function writeBuiltPage(file: string, html: string): void {
  const body = Buffer.from(html);
  writeFileSync(file, body);
  for (const [encoding, suffix] of Object.entries(ENCODINGS) as [Encoding, string][])
    writeFileSync(file + suffix, compress(body, encoding));
}

/**
 * A copy of the project root whose dist/ also holds the reference page and the article without its
 * inline photo, each with its compressed siblings (writeBuiltPage), served by our server.
 */
function rootWithReference(): string {
  const root = mkdtempSync(join(tmpdir(), 'rt-bench-'));
  cpSync('dist', join(root, 'dist'), { recursive: true });
  const article = readFileSync('dist/articles/hemp-vs-cotton.html', 'utf8');
  writeBuiltPage(join(root, 'dist', REFERENCE_PATH.slice(1) + '.html'), referenceHtml(article));
  writeBuiltPage(join(root, 'dist', NO_PHOTO_PATH.slice(1) + '.html'), withoutInlinePhotos(article));
  for (const name of ['netlify.toml', 'netlify', 'server', 'src', 'scripts', 'node_modules', 'package.json'])
    symlinkSync(resolve(name), join(root, name));
  return root;
}

async function main(): Promise<void> {
  let server: RunningServer | undefined;
  const benchRoot = rootWithReference();
  try {
    if (parts.has('weight') || parts.has('lighthouse')) {
      server = await startServer({ ROOT_DIR: benchRoot });
    }

    if (parts.has('weight')) {
      const browser = await launchBrowser();
      const rows = [];
      for (const [label, path] of [
        ...PAGE_TYPES,
        ['reference (static article text)', REFERENCE_PATH] as [string, string],
      ])
        rows.push(await measurePageWeight(browser, server!.url, label, path));
      await browser.close();
      print('## 1. Page weight (Chromium, 412 px wide; KB)\n');
      print(pageWeightTable(rows) + '\n');
    }

    if (parts.has('lighthouse')) {
      const runs = Number(process.env.BENCH_LH_RUNS ?? 5);
      if (!Number.isInteger(runs) || runs < 1 || runs > 25)
        throw new Error(`BENCH_LH_RUNS must be a whole number from 1 to 25, not ${process.env.BENCH_LH_RUNS}`);
      const rows = [];
      const photoRows = [];
      const pages = PAGE_TYPES.filter(([label]) => label !== '/admin');
      const paths = [REFERENCE_PATH, ...pages.map(([, path]) => path), NO_PHOTO_PATH];
      for (const formFactor of ['mobile', 'desktop'] as const) {
        const [ref, ...measured] = await runLighthouseInterleaved(
          paths.map((path) => server!.url + path),
          formFactor,
          runs,
        );
        rows.push({ label: 'reference', formFactor, run: ref!, refLcp: ref!.lcp });
        for (const [i, [label]] of pages.entries())
          rows.push({ label, formFactor, run: measured[i]!, refLcp: ref!.lcp });
        const article = measured[pages.findIndex(([label]) => label === 'article')]!;
        photoRows.push({ formFactor, withPhoto: article, withoutPhoto: measured.at(-1)! });
      }
      print(`## 2. Lighthouse 13 (median of ${runs} runs, every page's runs interleaved with the reference's)\n`);
      print(lighthouseTable(rows) + '\n');
      print("### 2b. The article's inline photo: the same page with and without it (same interleaved runs)\n");
      print(photoCostTable(photoRows) + '\n');
    }
    await server?.stop();
    server = undefined;

    if (parts.has('functions')) {
      const bare = await startBareServer();
      const rows: Load[] = [];
      const reference = await load('bare node:http, 204', bare.url, 'get', bare.url);
      rows.push(reference);
      bare.stop();
      for (const backend of ['PGlite (embedded)', 'PostgreSQL 15 (TCP)'] as const) {
        const run = async (env: Record<string, string>) => {
          const s = await startServer({ TRUST_PROXY: '1', ...env });
          try {
            if (backend.startsWith('PGlite'))
              rows.push(
                await load(
                  'static article page, Brotli (browser Accept-Encoding)',
                  s.url + '/articles/hemp-vs-cotton',
                  'get',
                  s.url,
                  10,
                  BROWSER_ACCEPT_ENCODING,
                ),
                await load('static article page, uncompressed', s.url + '/articles/hemp-vs-cotton', 'get', s.url),
              );
            rows.push(await load(`POST /api/signups · ${backend}`, s.url + '/api/signups', 'signup', s.url));
            rows.push(await load(`POST /api/contact · ${backend}`, s.url + '/api/contact', 'contact', s.url));
          } finally {
            await s.stop();
          }
        };
        if (backend.startsWith('PGlite')) await run({});
        else {
          const temp = await createPgDatabase();
          try {
            await run({ DATABASE_URL: temp.url });
          } finally {
            await temp.drop();
          }
        }
      }
      print(`## 3. Functions through the \`npm start\` server (50 connections, 10 s, ${loadClient()})\n`);
      print(loadTable(rows, reference) + '\n');
    }

    if (parts.has('scale')) {
      const real = realArticles();
      const rows = [
        timeBuild(`the ${Object.keys(real).length} articles`, real),
        timeBuild('500 articles (472 generated)', generatedArticles(500)),
      ];
      print('## 4a. Build time as the catalogue grows\n');
      print(buildTable(rows) + '\n');
    }

    if (parts.has('admin')) {
      const mod = (await import('./admin.ts').catch(() => null)) as { benchAdmin?: () => Promise<string> } | null;
      print('## 4b. Dashboard at 1,000 / 10,000 / 100,000 rows (PostgreSQL)\n');
      print(mod?.benchAdmin ? (await mod.benchAdmin()) + '\n' : '(scripts/bench/admin.ts is not available)\n');
    }

    if (parts.has('subscriptions')) {
      print(
        "## 7. Sign-up latency: confirmation queued (double opt-in) vs the spec's single opt-in (50 connections, 10 s each, same run)\n",
      );
      print(signupLatencyTable(await benchSignupLatency()) + '\n');
    }

    if (parts.has('email')) {
      const s = await startServer({ TRUST_PROXY: 'loopback' });
      try {
        print('## 5. The e-mail rule on pathological input (median; same run, same server)\n');
        print(emailTable(await benchEmail(s.url)) + '\n');
      } finally {
        await s.stop();
      }
    }

    if (parts.has('mail')) {
      print('## 6. Mail: the outbox sender vs nodemailer alone into one local SMTP sink (same run)\n');
      print(mailTable(await benchMail()) + '\n');
    }
    if (parts.has('announcements')) {
      print(
        '## 8. Announcements: queueing 100,000 recipients on PostgreSQL, the dashboard meanwhile, and the drain vs nodemailer alone (same run)\n',
      );
      print(announcementTable(await benchAnnouncements()) + '\n');
    }
    // `readership` runs both halves; `readership-collection` or `readership-queries` one of them.
    if (parts.has('readership') || parts.has('readership-collection')) {
      print(`## 10a. Readership collection through \`npm start\` (${loadClient()}; same run, same server)\n`);
      print(collectionTable(await benchCollection()) + '\n');
    }
    if (parts.has('readership') || parts.has('readership-queries')) {
      print('## 10b. The Readership view over a large synthetic dataset\n');
      print(queryTable(await benchReadershipQueries()) + '\n');
    }
  } finally {
    await server?.stop();
    rmSync(benchRoot, { recursive: true, force: true });
  }
  writeFileSync('bench-results.md', out.join('\n') + '\n');
  console.log('Written to bench-results.md');
}

await main();
