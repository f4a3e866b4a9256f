// Database down: the `npm start` server runs on a PostgreSQL cluster of this test's own (never the
// machine's shared server), under a steady load of sign-ups and messages. PostgreSQL is stopped
// mid-run twice — a clean `fast` shutdown, then `immediate` (a crash, recovered from WAL) — and
// started again, while the server keeps running (it is never restarted). During each outage:
//   - the forms answer 503 with the spec's failure text as JSON (and Retry-After), a plain form
//     post goes back to its page with the error notice, /api/health says 503, pages still load;
//   - in Chromium, the home and footer sign-ups show 'Signup Error' / 'Failed to sign up. Please
//     try again.' and the contact form 'Error' / 'Failed to submit contact form. Please try
//     again.', every value kept — and the same click succeeds once the database is back.
// At the end every acknowledged submission is stored exactly once, as sent, and the only other
// rows are submissions that were in flight at the moment the database stopped, stored whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { connect } from '../../server/db/client.ts';
import { CONTACT, PLACEMENTS, SIGNUP_FAILURE } from '../../src/shared/messages/index.ts';
import { launchBrowser } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres.ts';
import { readTables } from '../functions/targets.ts';
import { freshIp, tag } from '../functions/form-suite.ts';
import { expectToast, hydrated, newClient } from '../e2e/form-helpers.ts';
import {
  checkTables,
  countBy,
  describeCheck,
  mix,
  runLoad,
  send,
  verdict,
  type Attempt,
  type Kind,
  type LoadRun,
} from './load-driver.ts';

const SEED = Number(process.env.RELIABILITY_SEED || 20261108);

let cluster: PrivatePostgres;
let server: RunningServer;
let browser: Browser;
const attempts: Attempt[] = [];
/** Requests that may have been stored without an acknowledgement: in flight when the database stopped. */
const inFlightAtStop: Attempt[] = [];

beforeAll(async () => {
  cluster = await startPrivatePostgres();
  [server, browser] = await Promise.all([
    startServer({ TRUST_PROXY: '1', DATABASE_URL: cluster.url() }),
    launchBrowser(),
  ]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await cluster?.destroy();
}, 60_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` every 100 ms until it is true, for at most `ms`. */
async function until(what: string, probe: () => Promise<boolean>, ms: number): Promise<number> {
  const t0 = performance.now();
  while (!(await probe().catch(() => false))) {
    if (performance.now() - t0 > ms)
      throw new Error(`${what}: not within ${ms / 1000} s\n${server.output().slice(-3000)}`);
    await sleep(100);
  }
  return performance.now() - t0;
}

/** A sign-up or message sent now; recorded with the load's attempts, so it is held to its answer too. */
async function submit(kind: Kind, encoding: Attempt['encoding'] = 'json'): Promise<Attempt> {
  const fields: Record<string, string> =
    kind === 'signup'
      ? { email: `down-${tag()}@example.com`, signup_type: 'Newsletter', source_page: '/' }
      : { name: 'Ada', email: `ada-${tag()}@example.com`, message: `Hello ${tag()}`, source_page: '/contact' };
  const attempt = await send(server.url, { kind, encoding, fields }, freshIp(), performance.now());
  attempts.push(attempt);
  return attempt;
}
const healthStatus = async () => (await fetch(server.url + '/api/health')).status;
const failureOf = (kind: Kind) => (kind === 'signup' ? SIGNUP_FAILURE : CONTACT.failure);
/** The server's log lines about its own failures (answered 500), for assertion messages. */
const failureLog = () =>
  server
    .output()
    .split('\n')
    .filter((line) => /: failed \(|failed:/.test(line))
    .slice(0, 20)
    .join('\n');

/**
 * Runs a load, stops PostgreSQL in the middle of it (`mode`), runs `whileDown`, starts PostgreSQL
 * again and waits until the site has recovered by itself, then lets the load run a little longer.
 */
async function outage(mode: 'fast' | 'immediate', whileDown: () => Promise<void>): Promise<LoadRun> {
  const pid = server.process.pid;
  const controller = new AbortController();
  const running = runLoad({
    base: server.url,
    clients: 20,
    durationMs: 90_000,
    maxRequests: 30_000,
    thinkMs: 20,
    next: mix({ seed: SEED + (mode === 'fast' ? 10 : 20) }),
    signal: controller.signal,
  });
  try {
    await sleep(2000);
    const stopBegin = performance.now();
    await cluster.stop(mode);
    const stopDone = performance.now();
    const to503 = await until('forms answer 503', async () => (await submit('signup')).status === 503, 10_000);
    console.log(
      `db-down (${mode}): PostgreSQL stopped in ${(stopDone - stopBegin).toFixed(0)} ms; 503 after ${to503.toFixed(0)} ms`,
    );

    await whileDown();

    const startBegin = performance.now();
    await cluster.start();
    const startedIn = performance.now() - startBegin;
    const healthy = await until('health answers 200 again', async () => (await healthStatus()) === 200, 30_000);
    const stored = await until(
      'sign-ups are stored again',
      async () => (await submit('signup')).status === 201,
      30_000,
    );
    console.log(
      `db-down (${mode}): PostgreSQL started in ${startedIn.toFixed(0)} ms; ` +
        `health 200 ${healthy.toFixed(0)} ms later, the first 201 ${stored.toFixed(0)} ms after that — no server restart`,
    );
    // The very same server process, never restarted.
    expect(server.process.pid).toBe(pid);
    expect(server.process.exitCode).toBeNull();
    await sleep(1500);
    controller.abort();
    const load = await running;
    const inFlight = load.attempts.filter((a) => load.clock + a.start <= stopDone && load.clock + a.end >= stopBegin);
    inFlightAtStop.push(...inFlight);
    attempts.push(...load.attempts);

    const verdicts = countBy(load.attempts, verdict);
    console.log(
      `db-down (${mode}): ${load.attempts.length} requests by 20 clients over ${(load.elapsedMs / 1000).toFixed(1)} s; ` +
        `verdicts ${JSON.stringify(verdicts)}; ${inFlight.length} in flight when PostgreSQL stopped`,
    );
    // A database that went away is 503 with the spec's failure text, never a 500 or a lost answer.
    const wrong = load.attempts.filter((a) => a.status === 0 || (a.status >= 500 && a.status !== 503));
    expect(
      wrong.map((a) => `${a.kind} ${a.status} ${a.error ?? a.answer}`),
      failureLog(),
    ).toEqual([]);
    for (const a of load.attempts.filter((x) => x.status === 503)) {
      expect(a.contentType).toMatch(/^application\/json/);
      expect(JSON.parse(a.answer!)).toEqual({ error: failureOf(a.kind) });
    }
    expect(verdicts.acknowledged).toBeGreaterThan(0);
    expect(verdicts.unavailable).toBeGreaterThan(0);
    return load;
  } finally {
    controller.abort();
    await running;
  }
}

async function newPage(path: string): Promise<Page> {
  const page = await (await newClient(browser)).newPage();
  await page.goto(server.url + path);
  return page;
}

const email = (form: Locator) => form.getByLabel('Email address');
const contactField = (form: Locator, label: RegExp) => form.getByLabel(label);
const CONTACT_LABELS = [/^Name/, /^Email address/, /^Subject/, /^Message/] as const;

describe(`database down, on a private PostgreSQL cluster (seed ${SEED})`, () => {
  it('stop -m fast: 503 with the spec texts, failure toasts in Chromium with values kept, recovery by itself', async () => {
    // The pages are loaded and the islands hydrated before the outage: a reader already on the page.
    const home = await newPage('/');
    const homeForm = home.locator('form[data-signup-form="home"]');
    const contactPage = await newPage('/contact');
    const footerForm = contactPage.locator('form[data-signup-form="footer"]');
    const contactForm = contactPage.locator('form[data-contact-form]');
    await hydrated(homeForm);
    await hydrated(footerForm);
    await hydrated(contactForm);
    const homeEmail = `home-${tag()}@example.com`;
    const footerEmail = `footer-${tag()}@example.com`;
    const contact = {
      name: 'Zoë Weaver',
      email: `contact-${tag()}@example.com`,
      subject: 'Linen care',
      message: `Kept while the database was down (${tag()}).\nThanks! 🌿`,
    };

    await outage('fast', async () => {
      // The API: JSON 503 with the spec's failure texts and Retry-After; no internals.
      for (const kind of ['signup', 'contact'] as const) {
        const a = await submit(kind);
        expect(a.status).toBe(503);
        expect(a.contentType).toMatch(/^application\/json/);
        expect(a.retryAfter).toBe('30');
        expect(JSON.parse(a.answer!)).toEqual({ error: failureOf(kind) });
      }
      // Without JavaScript: back to the page, with the error notice.
      const plain = await submit('signup', 'form');
      expect(plain.status).toBe(303);
      expect(plain.location).toBe('/#signup-newsletter-error');
      expect((await submit('contact', 'form')).location).toBe('/contact#contact-error');
      expect(await healthStatus()).toBe(503);
      // The site itself is static and stays up.
      expect((await fetch(server.url + '/contact')).status).toBe(200);

      // Chromium: the spec's failure toasts, every value kept.
      await email(homeForm).fill(homeEmail);
      await homeForm.getByRole('button').click();
      await expectToast(home, SIGNUP_FAILURE, 'error');
      expect(await email(homeForm).inputValue()).toBe(homeEmail);

      await email(footerForm).fill(footerEmail);
      await footerForm.getByRole('button').click();
      await expectToast(contactPage, SIGNUP_FAILURE, 'error');
      expect(await email(footerForm).inputValue()).toBe(footerEmail);

      const values = [contact.name, contact.email, contact.subject, contact.message];
      for (const [i, label] of CONTACT_LABELS.entries()) await contactField(contactForm, label).fill(values[i]!);
      await contactForm.getByRole('button', { name: CONTACT.button }).click();
      await expectToast(contactPage, CONTACT.failure, 'error');
      for (const [i, label] of CONTACT_LABELS.entries()) {
        expect(await contactField(contactForm, label).inputValue()).toBe(values[i]);
      }
    });

    // Back up, on the same pages: the same clicks now succeed.
    await homeForm.getByRole('button').click();
    await expectToast(home, PLACEMENTS.home.success, 'success');
    await footerForm.getByRole('button').click();
    await expectToast(contactPage, PLACEMENTS.footer.success, 'success');
    await contactForm.getByRole('button', { name: CONTACT.button }).click();
    await expectToast(contactPage, CONTACT.success, 'success');
    expect(await email(homeForm).inputValue()).toBe('');
    // What the browser was told is stored: the check at the end holds it to that.
    const acknowledged = (kind: Attempt['kind'], fields: Record<string, string>): Attempt => ({
      kind,
      encoding: 'json',
      fields,
      ip: 'chromium',
      status: 201,
      start: 0,
      end: 0,
    });
    attempts.push(
      acknowledged('signup', { email: homeEmail, signup_type: 'Updates', source_page: '/' }),
      acknowledged('signup', { email: footerEmail, signup_type: 'Newsletter', source_page: '/contact' }),
      acknowledged('contact', { ...contact, source_page: '/contact' }),
    );
    await home.context().close();
    await contactPage.context().close();
  }, 120_000);

  it('stop -m immediate (a crash of PostgreSQL): 503, then recovery by itself', async () => {
    await outage('immediate', async () => {
      expect((await submit('contact')).status).toBe(503);
      expect(await healthStatus()).toBe(503);
      // Down for a while under load: every answer meanwhile is a 503 (checked in outage()).
      await sleep(1500);
    });
  }, 120_000);

  it('stored every acknowledged submission exactly once, and nothing half-written', async () => {
    const db = connect(cluster.url());
    try {
      const tables = await readTables(db);
      const inFlight = new Set(inFlightAtStop);
      const check = checkTables(tables, attempts, (a) => inFlight.has(a));
      console.log(`db-down: ${describeCheck(check)}`);
      expect(check.problems).toEqual([]);
      // Every stored row is whole: the table constraints held and each row equals what was sent.
      expect(check.rows).toBe(check.acknowledged + check.storedUnacknowledged);
    } finally {
      await db.close();
    }
  });
});
