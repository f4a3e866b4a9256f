// The operator's settings: every environment variable the server reads is parsed here and nowhere
// else (the lint gate forbids `process.env` in other server files). SETTINGS below is the one list:
// each variable's place, how it is read, and, for those that can be malformed, a value that is.
// settingProblems() and the readers below come from it; tests/unit/settings-table.test.ts holds
// README's "Configuration" table and its "set but malformed" list equal to it.
// An unset variable takes its documented default; a set but malformed one is an error.
// `npm start` checks them all before it listens and exits with a message naming the variable
// (server/serve.ts). A function reads its setting on each request (so a changed environment is
// seen at once); a malformed value throws SettingError there, which the request pipeline
// (endpoint.ts) logs, message and variable name included, and answers 500 with the endpoint's
// generic failure text: a misconfigured deployment fails visibly, never with a silent default.
import { DEFAULT_SITE_TIME_ZONE, isTimeZone } from '../src/shared/site-time-zone.ts';
import { siteOrigin } from '../src/shared/site-origin.ts';
import { isEmailAddress } from '../src/shared/form-schemas.ts';
import { parseTrustProxy } from './runtime/trusted-proxy.ts';
import { parseMailbox, parseOnOff, parseSmtpUrl, type Mailbox, type SmtpSettings } from './settings-values.ts';

export type { Mailbox, SmtpSettings } from './settings-values.ts';

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

/** A per-client request limit, as the operator sets it (rate-limit.ts enforces it). */
export interface RateLimit {
  bucket: string;
  /** Requests allowed per window. */
  max: number;
  windowSeconds: number;
}

/**
 * The longest window: the hourly purge deletes counts older than an hour (rate-limit.ts), so a
 * longer window would be forgotten before it ended.
 */
export const MAX_WINDOW_SECONDS = 3600;
export const MAX_COUNT = 1_000_000;
export const DEFAULT_CONNECTIONS_PER_CLIENT = 64;
/** The default hourly cap on confirmation e-mails (docs/subscriptions.md says why). */
export const DEFAULT_CONFIRMATION_MAIL_LIMIT = 300;
/** MAIL_RATE's default: under Amazon SES's starting production quota (14/s) and most providers' SMTP limits. */
export const DEFAULT_MAIL_RATE = 10;

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

/** Where a variable is read: the README's "where" column. */
type Where = 'build' | 'runtime' | 'npm start' | 'Netlify';

interface Setting<T> {
  where: readonly Where[];
  /**
   * Reads the variable: `value` is its text trimmed, or undefined when unset or blank; `env` the
   * whole environment (for a setting that depends on another). Throws SettingError when malformed.
   * None: read by the build only (astro.config.mjs checks it).
   */
  read?: (value: string | undefined, env: Env, variable: string) => T;
  /** A value that is malformed, for a setting that can be (the tests set it and expect a refusal). */
  malformed?: string;
}

const setting = <T>(s: Setting<T>): Setting<T> => s;

/** SMTP_URL, or null when mail is not configured (the outbox keeps every mail: docs/mail.md). */
function readSmtp(value: string | undefined): SmtpSettings | null {
  if (!value) return null;
  const parsed = parseSmtpUrl(value);
  if (typeof parsed === 'string') throw new SettingError('SMTP_URL', parsed);
  return parsed;
}

/** A whole number in [min, max], or `fallback` when unset. */
const integer = (min: number, max: number, fallback: number, where: Where[] = ['runtime']) =>
  setting({
    where,
    malformed: 'many',
    read: (value, _env, variable) => {
      if (value === undefined) return fallback;
      const n = Number(value);
      if (!/^\d+$/.test(value) || n < min || n > max) {
        throw new SettingError(variable, `must be a whole number from ${min} to ${max}, not ${JSON.stringify(value)}`);
      }
      return n;
    },
  });

const rateLimit = (bucket: string, fallback: string) =>
  setting({
    where: ['runtime'],
    malformed: 'lots',
    read: (value, _env, variable) => parseRateLimit(variable, value ?? fallback, bucket),
  });

const onOff = (v: string | undefined, _e: Env, n: string) => parseOnOff(v, (m) => new SettingError(n, m));
const text = <T extends string | undefined>(where: Where[], fallback: T) =>
  setting({ where, read: (value): string | T => value ?? fallback });

/** Every variable, in the README's order. */
export const SETTINGS = {
  SITE_URL: setting({ where: ['build', 'runtime'], read: (_value, env) => siteOrigin(env) }),
  DATABASE_URL: text(['runtime'], undefined),
  DATABASE_POOL_MAX: integer(1, 1000, 10),
  DATA_DIR: text(['runtime'], '.data'),
  // As set, untrimmed (its strength is judged by admin/config.ts).
  ADMIN_KEY: setting({ where: ['runtime'], read: (_value, env) => env.ADMIN_KEY || undefined }),
  PORT: integer(1, 65535, 8888, ['npm start']),
  HOST: text(['npm start'], '127.0.0.1'),
  ROOT_DIR: text(['npm start'], undefined),
  TRUST_PROXY: setting({
    where: ['npm start'],
    malformed: 'proxy.example',
    read: (_value, env, variable) => {
      try {
        return parseTrustProxy(env.TRUST_PROXY);
      } catch (err) {
        // parseTrustProxy's message already names the variable and the bad item.
        const error = new SettingError(variable, '');
        error.message = err instanceof Error ? err.message : String(err);
        throw error;
      }
    },
  }),
  SIGNUP_RATE_LIMIT: rateLimit('signups', '100/600'),
  CONTACT_RATE_LIMIT: rateLimit('contact', '20/600'),
  READERSHIP_RATE_LIMIT: rateLimit('readership', '120/60'),
  READERSHIP_WEEKLY_REPORT: setting({ where: ['runtime'], malformed: 'weekly', read: onOff }),
  SITE_TIME_ZONE: setting({
    where: ['build', 'runtime'],
    malformed: 'Mars/Olympus_Mons',
    read: (value, _env, variable) => {
      if (!value) return DEFAULT_SITE_TIME_ZONE;
      if (isTimeZone(value)) return value;
      throw new SettingError(
        variable,
        `must be an IANA time zone name such as America/Chicago or UTC, not ${JSON.stringify(value)}`,
      );
    },
  }),
  SMTP_URL: setting({
    where: ['runtime'],
    malformed: 'mail.example.org',
    read: (value) => readSmtp(value),
  }),
  MAIL_FROM: setting({
    where: ['runtime'],
    malformed: 'Rooted Threads',
    read: (value, env, variable): Mailbox | null => {
      if (!value) {
        if (readSmtp(env.SMTP_URL?.trim() || undefined))
          throw new SettingError(variable, 'is required when SMTP_URL is set');
        return null;
      }
      const mailbox = parseMailbox(value, isEmailAddress);
      if (!mailbox) {
        throw new SettingError(
          variable,
          `must be an address, e.g. Rooted Threads <hello@example.org>, not ${JSON.stringify(value)}`,
        );
      }
      return mailbox;
    },
  }),
  OWNER_EMAIL: setting({
    where: ['runtime'],
    malformed: 'owner at example.org',
    read: (value, _env, variable) => {
      if (!value) return null;
      if (!isEmailAddress(value)) {
        throw new SettingError(variable, `must be one e-mail address, not ${JSON.stringify(value)}`);
      }
      return value;
    },
  }),
  MAIL_RETRY_SECONDS: integer(1, 3600, 60),
  MESSAGE_RETENTION_DAYS: integer(1, 3650, 730),
  MAIL_RATE: setting({
    where: ['runtime'],
    malformed: 'fast',
    read: (value, _env, variable) => {
      if (value === undefined) return DEFAULT_MAIL_RATE;
      const n = Number(value);
      if (!/^\d+(\.\d+)?$/.test(value) || n < 0.1 || n > 1000) {
        throw new SettingError(variable, `must be messages per second from 0.1 to 1000, not ${JSON.stringify(value)}`);
      }
      return n;
    },
  }),
  CONNECTIONS_PER_CLIENT: integer(1, 100_000, DEFAULT_CONNECTIONS_PER_CLIENT, ['npm start']),
  SIGNUP_CONFIRMATION: setting({
    where: ['runtime'],
    malformed: 'maybe',
    read: (value, env, variable): 'double' | 'single' => {
      const choice = value?.toLowerCase();
      if (!choice) return 'double';
      if (choice === 'double' || choice === 'single') return choice;
      throw new SettingError(variable, `must be double or single, not ${JSON.stringify(env[variable])}`);
    },
  }),
  SIGNUP_CONFIRMATION_MAIL_LIMIT: integer(1, MAX_COUNT, DEFAULT_CONFIRMATION_MAIL_LIMIT),
  PREVIEW: setting({ where: ['build'] }),
  BUILD_HOOK_URL: setting({
    where: ['Netlify'],
    malformed: 'http://api.netlify.com/build_hooks/x',
    read: (value, _env, variable) => {
      if (!value) return undefined;
      let url: URL | undefined;
      try {
        url = new URL(value);
      } catch {
        url = undefined;
      }
      if (!url || url.protocol !== 'https:')
        throw new SettingError(
          variable,
          'must be the https address of a Netlify build hook (Site configuration → Build & deploy → Build hooks), e.g. https://api.netlify.com/build_hooks/…',
        );
      return url;
    },
  }),
  // The editor's storage (src/shared/editor-storage.ts): read and checked by astro.config.mjs.
  KEYSTATIC_GITHUB_CLIENT_ID: setting({ where: ['build', 'Netlify'] }),
  KEYSTATIC_GITHUB_CLIENT_SECRET: setting({ where: ['build', 'Netlify'] }),
  KEYSTATIC_SECRET: setting({ where: ['build', 'Netlify'] }),
  PUBLIC_KEYSTATIC_GITHUB_APP_SLUG: setting({ where: ['build', 'Netlify'] }),
  KEYSTATIC_GITHUB_REPO: setting({ where: ['build'] }),
  KEYSTATIC_CLOUD_PROJECT: setting({ where: ['build'] }),
};

export type SettingName = keyof typeof SETTINGS;
type Value<N extends SettingName> = (typeof SETTINGS)[N] extends Setting<infer T> ? T : never;

/** The value of setting `name` in `env`: its default when unset, or a SettingError when malformed. */
export function read<N extends SettingName>(name: N, env: Env = process.env): Value<N> {
  const spec = SETTINGS[name] as Setting<Value<N>>;
  if (!spec.read) throw new Error(`${name} is read by the build, not the server`);
  const value = env[name]?.trim();
  return spec.read(value ? value : undefined, env, name);
}

/** Every malformed setting's message (empty when all are well): what `npm start` checks first. */
export function settingProblems(env: Env = process.env): string[] {
  return (Object.keys(SETTINGS) as SettingName[]).flatMap((name) => {
    if (!(SETTINGS[name] as Setting<unknown>).read) return [];
    try {
      read(name, env);
      return [];
    } catch (err) {
      if (err instanceof SettingError) return [err.message];
      throw err;
    }
  });
}

// The readers the rest of the server calls, each one line over the table.
export type FormKind = 'signups' | 'contact';
export const FORM_LIMIT_SETTINGS = {
  signups: { variable: 'SIGNUP_RATE_LIMIT', fallback: '100/600' },
  contact: { variable: 'CONTACT_RATE_LIMIT', fallback: '20/600' },
} as const satisfies Record<FormKind, { variable: SettingName; fallback: string }>;
/** The per-client limit of a form endpoint, or null when the operator turned it off. */
export const formRateLimit = (kind: FormKind, env: Env = process.env): RateLimit | null =>
  read(FORM_LIMIT_SETTINGS[kind].variable, env);
export const siteTimeZone = (env: Env = process.env) => read('SITE_TIME_ZONE', env);
export const buildHookUrl = (env: Env = process.env) => read('BUILD_HOOK_URL', env);
export const databaseUrl = (env: Env = process.env) => read('DATABASE_URL', env);
export const databasePoolMax = (env: Env = process.env) => read('DATABASE_POOL_MAX', env);
export const dataDir = (env: Env = process.env) => read('DATA_DIR', env);
export const adminKeySetting = (env: Env = process.env) => read('ADMIN_KEY', env);
/** The site's public origin: SITE_URL, else Netlify's URL, else the local server. */
export const siteUrl = (env: Env = process.env) => read('SITE_URL', env);
export const listenPort = (env: Env = process.env) => read('PORT', env);
export const listenHost = (env: Env = process.env) => read('HOST', env);
export const trustProxy = (env: Env = process.env) => read('TRUST_PROXY', env);
export const rootDir = (env: Env = process.env) => read('ROOT_DIR', env);
export const smtpSettings = (env: Env = process.env) => read('SMTP_URL', env);
export const mailFrom = (env: Env = process.env) => read('MAIL_FROM', env);
export const ownerEmail = (env: Env = process.env) => read('OWNER_EMAIL', env);
export const messageRetentionDays = (env: Env = process.env) => read('MESSAGE_RETENTION_DAYS', env);
export const mailRetrySeconds = (env: Env = process.env) => read('MAIL_RETRY_SECONDS', env);
export const connectionsPerClient = (env: Env = process.env) => read('CONNECTIONS_PER_CLIENT', env);
export const signupConfirmation = (env: Env = process.env) => read('SIGNUP_CONFIRMATION', env);
export type SignupConfirmation = ReturnType<typeof signupConfirmation>;
export const confirmationMailLimit = (env: Env = process.env) => read('SIGNUP_CONFIRMATION_MAIL_LIMIT', env);
export const mailRate = (env: Env = process.env) => read('MAIL_RATE', env);
export const readershipRateLimit = (env: Env = process.env) => read('READERSHIP_RATE_LIMIT', env);
export const readershipWeeklyReport = (env: Env = process.env) => read('READERSHIP_WEEKLY_REPORT', env);

/** Puts a key in force for this process (local demo mode: admin/config.ts), or removes it. */
export function setAdminKeySetting(key: string | undefined): void {
  if (key === undefined) delete process.env.ADMIN_KEY;
  else process.env.ADMIN_KEY = key;
}

/**
 * Variables a build never needs and must not see (third audit, item 10): the server's secrets and
 * anything named like one. A rebuild runs the site's build code (and its dependencies' scripts).
 * SOURCE_DATE_EPOCH goes too: a scheduled rebuild's point is the real moment (src/shared/publish-time.ts).
 */
const NOT_FOR_BUILDS =
  /^(ADMIN_KEY|DATABASE_URL|SMTP_URL|BUILD_HOOK_URL|SOURCE_DATE_EPOCH)$|SECRET|TOKEN|PASSWORD|PASSWD|CREDENTIAL|PRIVATE|_KEY$/i;

/** The environment a rebuild of the site runs in (scheduled publishing): this process's own, minus its secrets. */
export function buildEnvironment(env: Env = process.env): Env {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !NOT_FOR_BUILDS.test(name)));
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
