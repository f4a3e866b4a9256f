// The operator's settings: every environment variable the server reads is parsed here and nowhere
// else (the lint gate forbids `process.env` in other server files; README, "Configuration", lists
// each one):
//   SIGNUP_RATE_LIMIT, CONTACT_RATE_LIMIT   `<count>/<seconds>` per client address, or `off`
//   SITE_TIME_ZONE                          the IANA zone the dashboard counts days in
//   DATABASE_URL, DATABASE_POOL_MAX         the Postgres server and the `pg` pool's size
//   DATA_DIR                                the embedded database's directory
//   ADMIN_KEY                               the dashboard's key (its strength: admin/config.ts)
//   SITE_URL (or Netlify's URL)             the public origin (src/shared/site-origin.ts)
//   PORT, HOST, TRUST_PROXY, ROOT_DIR       the `npm start` server (serve.ts)
//   SMTP_URL, MAIL_FROM, OWNER_EMAIL        the mail transport, its sender and who hears of messages
//   MAIL_RETRY_SECONDS                      the first retry's delay after a temporary mail failure
//   MAIL_RATE                               e-mails a second at most (the sender's pace)
//   MESSAGE_RETENTION_DAYS                  how long contact messages are kept
//   CONNECTIONS_PER_CLIENT                  open connections one address may hold on `npm start`
//   SIGNUP_CONFIRMATION                     `double` (default) or `single`
//   SIGNUP_CONFIRMATION_MAIL_LIMIT          confirmation e-mails the site queues per hour, in total
//   BUILD_HOOK_URL                          Netlify's build hook, for scheduled publishing
// An unset variable takes its documented default; a set but malformed one is an error.
// `npm start` checks them all before it listens and exits with a message naming the variable
// (server/serve.ts). A function reads its setting on each request (so a changed environment is
// seen at once); a malformed value throws SettingError there, which the request pipeline
// (endpoint.ts) logs, message and variable name included, and answers 500 with the endpoint's
// generic failure text: a misconfigured deployment fails visibly, never with a silent default.
import { DEFAULT_SITE_TIME_ZONE, isTimeZone } from '../src/shared/site-time-zone.ts';
import { siteOrigin } from '../src/shared/site-origin.ts';
import { isEmailAddress } from '../src/shared/form-schemas.ts';
import type { RateLimit } from './rate-limit.ts';
import { parseTrustProxy, type ProxyTrust } from './runtime/trusted-proxy.ts';

/** An environment: process.env, or a test's own. */
export type Env = Record<string, string | undefined>;

/** A malformed setting; the message names the variable. */
export class SettingError extends Error {
  readonly variable: string;
  constructor(variable: string, message: string) {
    super(`${variable} ${message}`);
    this.name = 'SettingError';
    this.variable = variable;
  }
}

export type FormKind = 'signups' | 'contact';

interface FormLimitSetting {
  variable: string;
  /** Used when the variable is unset or empty (README, "Configuration", says why these). */
  fallback: string;
}

export const FORM_LIMIT_SETTINGS: Record<FormKind, FormLimitSetting> = {
  signups: { variable: 'SIGNUP_RATE_LIMIT', fallback: '100/600' },
  contact: { variable: 'CONTACT_RATE_LIMIT', fallback: '20/600' },
};

/**
 * The longest window: the hourly purge deletes counts older than an hour (rate-limit.ts), so a
 * longer window would be forgotten before it ended.
 */
export const MAX_WINDOW_SECONDS = 3600;
export const MAX_COUNT = 1_000_000;

/** `<count>/<seconds>` or `off` (any case, surrounding spaces ignored); null means no limit. */
export function parseRateLimit(variable: string, value: string, bucket: string): RateLimit | null {
  const text = value.trim();
  if (text.toLowerCase() === 'off') return null;
  const match = /^(\d{1,7})\s*\/\s*(\d{1,5})$/.exec(text);
  const max = Number(match?.[1]);
  const windowSeconds = Number(match?.[2]);
  if (!match || max < 1 || max > MAX_COUNT || windowSeconds < 1 || windowSeconds > MAX_WINDOW_SECONDS) {
    throw new SettingError(
      variable,
      `must be <count>/<seconds> (count 1–${MAX_COUNT.toLocaleString('en-US')}, seconds 1–${MAX_WINDOW_SECONDS}, e.g. 30/600) or off, not ${JSON.stringify(value)}`,
    );
  }
  return { bucket, max, windowSeconds };
}

/** The per-client limit of a form endpoint, or null when the operator turned it off. */
export function formRateLimit(kind: FormKind, env: Env = process.env): RateLimit | null {
  const { variable, fallback } = FORM_LIMIT_SETTINGS[kind];
  const raw = env[variable];
  return parseRateLimit(variable, raw === undefined || raw.trim() === '' ? fallback : raw, kind);
}

/** SITE_TIME_ZONE, else the brand's own zone. */
export function siteTimeZone(env: Env = process.env): string {
  const raw = env.SITE_TIME_ZONE?.trim();
  if (!raw) return DEFAULT_SITE_TIME_ZONE;
  if (!isTimeZone(raw)) {
    throw new SettingError(
      'SITE_TIME_ZONE',
      `must be an IANA time zone name such as America/Chicago or UTC, not ${JSON.stringify(raw)}`,
    );
  }
  return raw;
}

/**
 * BUILD_HOOK_URL: the Netlify build hook the hourly publishing function calls when a scheduled
 * article has come due (netlify/functions/publish-scheduled.ts). Unset: nothing is scheduled
 * automatically (undefined). Set: an https URL on api.netlify.com, or the function fails loudly.
 */
export function buildHookUrl(env: Env = process.env): URL | undefined {
  const raw = env.BUILD_HOOK_URL?.trim();
  if (!raw) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || url.protocol !== 'https:')
    throw new SettingError(
      'BUILD_HOOK_URL',
      'must be the https address of a Netlify build hook (Site configuration → Build & deploy → Build hooks), e.g. https://api.netlify.com/build_hooks/…',
    );
  return url;
}

/** The value of a variable, or undefined when it is unset or blank. */
function raw(env: Env, variable: string): string | undefined {
  const value = env[variable]?.trim();
  return value ? value : undefined;
}

/** A whole number in [min, max], or `fallback` when unset. */
function integer(env: Env, variable: string, min: number, max: number, fallback: number): number {
  const value = raw(env, variable);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) {
    throw new SettingError(variable, `must be a whole number from ${min} to ${max}, not ${JSON.stringify(value)}`);
  }
  return n;
}

/** DATABASE_URL: a Postgres connection string, or undefined for the embedded PGlite. */
export function databaseUrl(env: Env = process.env): string | undefined {
  return raw(env, 'DATABASE_URL');
}

/** DATABASE_POOL_MAX: the `pg` pool's connections (default 10). */
export function databasePoolMax(env: Env = process.env): number {
  return integer(env, 'DATABASE_POOL_MAX', 1, 1000, 10);
}

/** DATA_DIR: where the embedded database and the local admin key live (default `.data`). */
export function dataDir(env: Env = process.env): string {
  return raw(env, 'DATA_DIR') ?? '.data';
}

/** ADMIN_KEY as set (its strength is judged by admin/config.ts), or undefined. */
export function adminKeySetting(env: Env = process.env): string | undefined {
  return env.ADMIN_KEY || undefined;
}

/** Puts a key in force for this process (local demo mode: admin/config.ts), or removes it. */
export function setAdminKeySetting(key: string | undefined): void {
  if (key === undefined) delete process.env.ADMIN_KEY;
  else process.env.ADMIN_KEY = key;
}

/** The site's public origin: SITE_URL, else Netlify's URL, else the local server. */
export function siteUrl(env: Env = process.env): string {
  return siteOrigin(env);
}

/** PORT: the `npm start` server's port (default 8888). */
export function listenPort(env: Env = process.env): number {
  return integer(env, 'PORT', 1, 65535, 8888);
}

/** HOST: the address `npm start` listens on (default 127.0.0.1, this machine only). */
export function listenHost(env: Env = process.env): string {
  return raw(env, 'HOST') ?? '127.0.0.1';
}

/** TRUST_PROXY: whose X-Forwarded-For to believe (runtime/trusted-proxy.ts), or undefined: nobody's. */
export function trustProxy(env: Env = process.env): ProxyTrust | undefined {
  try {
    return parseTrustProxy(env.TRUST_PROXY);
  } catch (err) {
    // parseTrustProxy's message already names the variable and the bad item.
    const error = new SettingError('TRUST_PROXY', '');
    error.message = err instanceof Error ? err.message : String(err);
    throw error;
  }
}

/**
 * ROOT_DIR: the checkout whose built site (`dist/`) the server serves (the benchmark points it at a
 * copy with a reference page added), or undefined: this checkout.
 */
export function rootDir(env: Env = process.env): string | undefined {
  return raw(env, 'ROOT_DIR');
}

/** Where and how the sender reaches the mail server (from SMTP_URL; the password is never logged). */
export interface SmtpSettings {
  host: string;
  port: number;
  /** smtps:// — TLS from the first byte (port 465); smtp:// upgrades with STARTTLS when offered. */
  secure: boolean;
  auth?: { user: string; pass: string };
  /** The URL without its password, for logs and the dashboard. */
  display: string;
}

/** SMTP_URL, or null when mail is not configured (the outbox keeps every mail: docs/mail.md). */
export function smtpSettings(env: Env = process.env): SmtpSettings | null {
  const raw = env.SMTP_URL?.trim();
  if (!raw) return null;
  const shape = 'must be smtp://user:password@host:port or smtps://user:password@host:port';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // The value may hold a password: it is not repeated in the message.
    throw new SettingError('SMTP_URL', `${shape} (it is not a URL)`);
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new SettingError('SMTP_URL', `${shape}, not ${url.protocol}//…`);
  }
  if (!url.hostname) throw new SettingError('SMTP_URL', `${shape} (no host)`);
  if ((url.pathname && url.pathname !== '/') || url.search || url.hash) {
    throw new SettingError('SMTP_URL', `${shape} (no path or query)`);
  }
  const secure = url.protocol === 'smtps:';
  const port = url.port ? Number(url.port) : secure ? 465 : 587;
  const user = decodeURIComponent(url.username);
  const auth = user ? { user, pass: decodeURIComponent(url.password) } : undefined;
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port,
    secure,
    ...(auth ? { auth } : {}),
    display: `${url.protocol}//${user ? `${url.username}@` : ''}${url.host}`,
  };
}

/** A mailbox written `Name <address>` or `address`. */
export interface Mailbox {
  name: string;
  address: string;
}

function parseMailbox(variable: string, raw: string): Mailbox {
  const match = /^(?:"?([^"<>\r\n]*?)"?\s*<([^<>\s]+)>|([^<>\s]+))$/.exec(raw);
  const address = match?.[2] ?? match?.[3] ?? '';
  if (!match || !isEmailAddress(address)) {
    throw new SettingError(
      variable,
      `must be an address, e.g. Rooted Threads <hello@example.org>, not ${JSON.stringify(raw)}`,
    );
  }
  return { name: (match[1] ?? '').trim(), address };
}

/** MAIL_FROM: required once SMTP_URL is set (a provider rejects mail from an unverified sender). */
export function mailFrom(env: Env = process.env): Mailbox | null {
  const raw = env.MAIL_FROM?.trim();
  if (!raw) {
    if (smtpSettings(env)) throw new SettingError('MAIL_FROM', 'is required when SMTP_URL is set');
    return null;
  }
  return parseMailbox('MAIL_FROM', raw);
}

/** OWNER_EMAIL: who is e-mailed when a reader writes; null: nobody (the dashboard says so). */
export function ownerEmail(env: Env = process.env): string | null {
  const raw = env.OWNER_EMAIL?.trim();
  if (!raw) return null;
  if (!isEmailAddress(raw)) {
    throw new SettingError('OWNER_EMAIL', `must be one e-mail address, not ${JSON.stringify(raw)}`);
  }
  return raw;
}

/** MESSAGE_RETENTION_DAYS (default 730, the two years /privacy promises): contact messages older are deleted daily. */
export function messageRetentionDays(env: Env = process.env): number {
  return integer(env, 'MESSAGE_RETENTION_DAYS', 1, 3650, 730);
}

/** MAIL_RETRY_SECONDS (default 60): the first retry after a temporary failure; each next one doubles, up to an hour. */
export function mailRetrySeconds(env: Env = process.env): number {
  return integer(env, 'MAIL_RETRY_SECONDS', 1, 3600, 60);
}

export const DEFAULT_CONNECTIONS_PER_CLIENT = 64;

/**
 * CONNECTIONS_PER_CLIENT: how many connections one client address may hold open on the `npm start`
 * server (runtime/connection-cap.ts), else 64: ten times what a browser opens to one site.
 */
export function connectionsPerClient(env: Env = process.env): number {
  return integer(env, 'CONNECTIONS_PER_CLIENT', 1, 100_000, DEFAULT_CONNECTIONS_PER_CLIENT);
}

export type SignupConfirmation = 'double' | 'single';

/**
 * SIGNUP_CONFIRMATION: `double` (default; a sign-up waits for the reader to confirm by e-mail) or
 * `single` (stored as confirmed at once, the forms' old behaviour). docs/subscriptions.md.
 */
export function signupConfirmation(env: Env = process.env): SignupConfirmation {
  const raw = env.SIGNUP_CONFIRMATION?.trim().toLowerCase();
  if (!raw) return 'double';
  if (raw === 'double' || raw === 'single') return raw;
  throw new SettingError(
    'SIGNUP_CONFIRMATION',
    `must be double or single, not ${JSON.stringify(env.SIGNUP_CONFIRMATION)}`,
  );
}

/** The default hourly cap on confirmation e-mails (docs/subscriptions.md says why). */
export const DEFAULT_CONFIRMATION_MAIL_LIMIT = 300;

/**
 * SIGNUP_CONFIRMATION_MAIL_LIMIT: how many confirmation e-mails the whole site queues per clock
 * hour (1–1,000,000), so the forms can never be used to flood inboxes.
 */
export function confirmationMailLimit(env: Env = process.env): number {
  return integer(env, 'SIGNUP_CONFIRMATION_MAIL_LIMIT', 1, MAX_COUNT, DEFAULT_CONFIRMATION_MAIL_LIMIT);
}

/** MAIL_RATE's default: under Amazon SES's starting production quota (14/s) and most providers' SMTP limits. */
export const DEFAULT_MAIL_RATE = 10;

/** MAIL_RATE: at most this many e-mails a second from one sender (0.1–1000; announcements: docs/announcements.md). */
export function mailRate(env: Env = process.env): number {
  const value = raw(env, 'MAIL_RATE');
  if (value === undefined) return DEFAULT_MAIL_RATE;
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || n < 0.1 || n > 1000) {
    throw new SettingError('MAIL_RATE', `must be messages per second from 0.1 to 1000, not ${JSON.stringify(value)}`);
  }
  return n;
}

/**
 * Variables a build never needs and must not see (third audit, item 10): the server's secrets and
 * anything named like one. A rebuild runs the site's build code (and its dependencies' scripts).
 */
const NOT_FOR_BUILDS =
  /^(ADMIN_KEY|DATABASE_URL|SMTP_URL|BUILD_HOOK_URL)$|SECRET|TOKEN|PASSWORD|PASSWD|CREDENTIAL|PRIVATE|_KEY$/i;

/** The environment a rebuild of the site runs in (scheduled publishing): this process's own, minus its secrets. */
export function buildEnvironment(env: Env = process.env): Env {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !NOT_FOR_BUILDS.test(name)));
}

/** Every malformed setting's message (empty when all are well): what `npm start` checks first. */
export function settingProblems(env: Env = process.env): string[] {
  const checks = [
    () => formRateLimit('signups', env),
    () => formRateLimit('contact', env),
    () => siteTimeZone(env),
    () => buildHookUrl(env),
    () => databasePoolMax(env),
    () => listenPort(env),
    () => trustProxy(env),
    () => smtpSettings(env),
    () => mailFrom(env),
    () => ownerEmail(env),
    () => messageRetentionDays(env),
    () => mailRetrySeconds(env),
    () => connectionsPerClient(env),
    () => signupConfirmation(env),
    () => confirmationMailLimit(env),
    () => mailRate(env),
  ];
  return checks.flatMap((check) => {
    try {
      check();
      return [];
    } catch (err) {
      if (err instanceof SettingError) return [err.message];
      throw err;
    }
  });
}

/**
 * The database `npm run db:migrate` migrates: DATABASE_URL, or (undefined) the embedded one. In a
 * Netlify build (Netlify sets NETLIFY and CONTEXT there) there is no embedded database worth
 * migrating: without DATABASE_URL the migrations would go to a throwaway directory and the deploy
 * would go live against an unmigrated database, so the build stops here instead.
 */
export function migrationDatabaseUrl(env: Env = process.env): string | undefined {
  const url = databaseUrl(env);
  if (url) return url;
  if (env.NETLIFY || env.CONTEXT) {
    throw new SettingError(
      'DATABASE_URL',
      `is not set in this Netlify build (deploy context ${env.CONTEXT || 'unknown'}), so there is no database to migrate. ` +
        'In Netlify: Site configuration → Environment variables → DATABASE_URL (the Neon pooled connection string), ' +
        'with the scopes Builds (this migration step) and Functions (the functions that use it), ' +
        'and a value for this deploy context (README: "Deploying").',
    );
  }
  return undefined;
}
