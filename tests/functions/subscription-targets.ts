// Where the subscription suite runs: the handler modules called in this process with real
// Requests (on PostgreSQL and PGlite), reading the e-mails from the outbox table; and the real
// `npm start` server over HTTP on PGlite, delivering to a real SMTP server in this process. What
// differs between drivers (Neon's included) is tested once by the driver contract
// (tests/functions/db.test.ts).
import contact from '../../netlify/functions/contact.ts';
import signups from '../../netlify/functions/signups.ts';
import confirm from '../../netlify/functions/subscription-confirm.ts';
import preferences from '../../netlify/functions/subscription-preferences.ts';
import { closeDb, type Db } from '../../server/db/client.ts';
import { openDb } from '../../server/db/open.ts';
import { migrate } from '../../server/db/migrate.ts';
import { unsealLinks } from '../../server/mail/sealed-links.ts';
import { createMigratedPgDatabase, removeDir, migratedDataDir } from '../support/db.ts';
import { startServer } from '../support/server.ts';
import { startSmtp, type ReceivedMail } from '../support/smtp.ts';
import { freshIp, type SendInit } from './form-suite.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Header values by lower-case name (the extra headers the site set). */
  headers: Record<string, string>;
}

export interface SubscriptionTarget {
  kind: 'handlers' | 'server';
  origin: string;
  send(path: string, init?: SendInit): Promise<Response>;
  /** Every e-mail to `to` so far, oldest first; waits until at least `atLeast` have arrived. */
  mailsTo(to: string, atLeast?: number): Promise<Mail[]>;
  /** Reads the database directly, where the target allows it while it serves. */
  sql?: <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;
  /** Sets an environment variable for the functions (handlers only: a server's is fixed at start). */
  setEnv?: (name: string, value: string | undefined) => void;
  finish(): Promise<void>;
}

export const SUITE_ENV = {
  MAIL_FROM: 'Rooted Threads <hello@example.org>',
  // A reader's message alerts the owner (the erasure test follows that alert's copy).
  OWNER_EMAIL: 'owner@example.org',
  // The suite's own sign-ups must not run into the hourly cap; the cap test sets its own.
  SIGNUP_CONFIRMATION_MAIL_LIMIT: '100000',
} as const;

const ROUTES: Record<string, (req: Request, context: { ip: string }) => Response | Promise<Response>> = {
  '/api/signups': signups,
  '/api/contact': contact,
  '/api/subscriptions/confirm': confirm,
  '/api/subscriptions/preferences': preferences,
};

function requestInit(init: SendInit): RequestInit {
  return { method: init.method ?? 'GET', headers: init.headers, body: init.body };
}

/**
 * What each e-mail to `to` will say when sent: the outbox row with its sealed links put in, as the
 * sender's claim does (server/mail/sealed-links.ts); the stored text holds only placeholders.
 */
async function outboxMails(db: Db, to: string): Promise<Mail[]> {
  const { rows } = await db.query<{
    id: string;
    recipient: string;
    subject: string;
    text: string;
    html: string | null;
    headers: unknown;
  }>(
    'SELECT id::text AS id, recipient, subject, text, html, headers FROM mail_outbox WHERE lower(recipient) = lower($1) ORDER BY id',
    [to],
  );
  const parsed = rows.map((r) => ({
    ...r,
    headers: (typeof r.headers === 'string' ? JSON.parse(r.headers) : r.headers) as Record<string, unknown>,
  }));
  return (await unsealLinks(db, parsed)).map((r) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(r.headers)) if (typeof v === 'string') headers[k.toLowerCase()] = v;
    return { to: r.recipient, subject: r.subject, text: r.text, headers };
  });
}

function handlerTarget(db: Db, cleanup: () => Promise<void>): SubscriptionTarget {
  const origin = 'http://functions.test';
  const saved = new Map<string, string | undefined>();
  const setEnv = (name: string, value: string | undefined) => {
    if (!saved.has(name)) saved.set(name, process.env[name]);
    if (value === undefined) Reflect.deleteProperty(process.env, name);
    else process.env[name] = value;
  };
  for (const [name, value] of Object.entries(SUITE_ENV)) setEnv(name, value);
  return {
    kind: 'handlers',
    origin,
    send: async (path, init = {}) => {
      const url = new URL(path, origin);
      const handler = ROUTES[url.pathname];
      if (!handler) throw new Error(`no handler for ${url.pathname}`);
      return handler(new Request(url, requestInit(init)), { ip: init.ip ?? freshIp() });
    },
    // The outbox row is committed with the sign-up, before the answer: nothing to wait for.
    mailsTo: (to) => outboxMails(db, to),
    sql: async (text, params) => (await db.query(text, params)).rows as never,
    setEnv,
    finish: async () => {
      for (const [name, value] of saved) {
        if (value === undefined) Reflect.deleteProperty(process.env, name);
        else process.env[name] = value;
      }
      await closeDb();
      await cleanup();
    },
  };
}

export async function subscriptionHandlersOnPglite(): Promise<SubscriptionTarget> {
  const dataDir = await migratedDataDir();
  const db = await openDb({ DATA_DIR: dataDir });
  await migrate(db);
  return handlerTarget(db, async () => removeDir(dataDir));
}

export async function subscriptionHandlersOnPostgres(): Promise<SubscriptionTarget> {
  const temp = await createMigratedPgDatabase();
  const db = await openDb({ DATABASE_URL: temp.url });
  await migrate(db);
  return handlerTarget(db, temp.drop);
}

function smtpMail(m: ReceivedMail): Mail {
  const headers: Record<string, string> = {};
  for (const [k, v] of m.headers) {
    if (typeof v === 'string') headers[k] = v;
  }
  // mailparser parses List-* into objects; the raw header block has the exact text.
  for (const name of ['list-unsubscribe', 'list-unsubscribe-post']) {
    const line = new RegExp(`^${name}:\\s*((?:.*)(?:\\r?\\n[ \\t].*)*)`, 'im').exec(m.rawHeaders);
    if (line) headers[name] = line[1]!.replace(/\r?\n[ \t]+/g, ' ').trim();
  }
  return { to: m.to, subject: m.subject, text: m.text, headers };
}

async function serverTarget(env: Record<string, string>, sqlDb?: Db, drop?: () => Promise<void>) {
  const smtp = await startSmtp();
  const server = await startServer({ TRUST_PROXY: '1', ...SUITE_ENV, SMTP_URL: smtp.url, ...env });
  const target: SubscriptionTarget = {
    kind: 'server',
    origin: server.url,
    send: (path, init = {}) =>
      fetch(server.url + path, {
        ...requestInit(init),
        headers: { ...init.headers, ...(init.ip ? { 'X-Forwarded-For': init.ip } : {}) },
        redirect: 'manual',
      }),
    mailsTo: async (to, atLeast = 0) => {
      const match = (m: ReceivedMail) => m.to === to.toLowerCase();
      if (atLeast > 0) await smtp.waitForCount(atLeast, match, 20_000);
      return smtp.received.filter(match).map(smtpMail);
    },
    finish: async () => {
      await server.stop();
      await smtp.stop();
      await sqlDb?.close();
      await drop?.();
    },
  };
  if (sqlDb) target.sql = async (text, params) => (await sqlDb.query(text, params)).rows as never;
  return target;
}

export function subscriptionServerOnPglite(): Promise<SubscriptionTarget> {
  return serverTarget({});
}
