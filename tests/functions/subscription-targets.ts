// Where the subscription suite runs: the handler modules called in this process with real
// Requests (on PGlite, PostgreSQL and Neon's driver: HTTP queries and WebSocket transactions, each
// against a local stand-in in front of a real PostgreSQL database), reading the e-mails from the
// outbox table; and the real `npm start` server over HTTP (on PGlite and PostgreSQL), delivering
// to a real SMTP server in this process.
import contact from '../../netlify/functions/contact.ts';
import signups from '../../netlify/functions/signups.ts';
import confirm from '../../netlify/functions/subscription-confirm.ts';
import preferences from '../../netlify/functions/subscription-preferences.ts';
import { closeDb, connect, setDb, type Db } from '../../server/db/client.ts';
import { openDb } from '../../server/db/open.ts';
import { migrate } from '../../server/db/migrate.ts';
import { unsealLinks } from '../../server/mail/sealed-links.ts';
import { createPgDatabase, PG_ADMIN_URL, removeDir, tempDataDir } from '../support/db.ts';
import { startNeonHttp } from '../support/neon-http.ts';
import { startNeonWsProxy } from '../support/neon-ws.ts';
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
  const dataDir = tempDataDir();
  const db = await openDb({ DATA_DIR: dataDir });
  await migrate(db);
  return handlerTarget(db, async () => removeDir(dataDir));
}

export async function subscriptionHandlersOnPostgres(): Promise<SubscriptionTarget> {
  const temp = await createPgDatabase();
  const db = await openDb({ DATABASE_URL: temp.url });
  await migrate(db);
  return handlerTarget(db, temp.drop);
}

/** Neon's driver as in production: single queries over HTTP, transactions over a WebSocket session. */
export async function subscriptionHandlersOnNeon(): Promise<SubscriptionTarget> {
  const temp = await createPgDatabase();
  const direct = connect(temp.url);
  await migrate(direct);
  await direct.close();
  const neonHttp = await startNeonHttp(temp.url);
  const server = new URL(PG_ADMIN_URL);
  const proxy = await startNeonWsProxy({ host: server.hostname, port: Number(server.port || 5432) });
  const user = decodeURIComponent(server.username || 'postgres');
  const db = connect(
    `postgresql://${user}:not-checked@ep-quiet-tree-123456-pooler.us-east-2.aws.neon.tech/${temp.name}?sslmode=require`,
  );
  if (db.kind !== 'neon') throw new Error('a Neon URL must select the Neon driver');
  setDb(db);
  return handlerTarget(db, async () => {
    await proxy.close();
    await neonHttp.close();
    await temp.drop();
  });
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

export async function subscriptionServerOnPostgres(): Promise<SubscriptionTarget> {
  const temp = await createPgDatabase();
  return serverTarget({ DATABASE_URL: temp.url }, connect(temp.url), temp.drop);
}
