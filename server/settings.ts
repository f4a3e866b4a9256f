// The operator's settings that the functions read from the environment, parsed here and nowhere
// else:
//   SIGNUP_RATE_LIMIT, CONTACT_RATE_LIMIT   `<count>/<seconds>` per client address, or `off`
//   SITE_TIME_ZONE                          the IANA zone the dashboard counts days in
//   BUILD_HOOK_URL                          Netlify's build hook, for scheduled publishing
// `npm start` checks them all before it listens and exits with a message naming the variable
// (server/serve.ts). A function reads its setting on each request (so a changed environment is
// seen at once); a malformed value throws SettingError there, which the request pipeline
// (endpoint.ts) logs, message and variable name included, and answers 500 with the endpoint's
// generic failure text: a misconfigured deployment fails visibly, never with a silent default.
import { DEFAULT_SITE_TIME_ZONE, isTimeZone } from '../src/shared/site-time-zone.ts';
import type { RateLimit } from './rate-limit.ts';

type Env = Record<string, string | undefined>;

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

/** Every malformed setting's message (empty when all are well): what `npm start` checks first. */
export function settingProblems(env: Env = process.env): string[] {
  const checks = [
    () => formRateLimit('signups', env),
    () => formRateLimit('contact', env),
    () => siteTimeZone(env),
    () => buildHookUrl(env),
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
