// The shapes of the two settings whose values are structured (SMTP_URL, MAIL_FROM), parsed from
// their text; settings.ts names the variable when one is malformed.

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

/** SMTP_URL's value as settings, or what is wrong with it (never repeating the value: it may hold a password). */
export function parseSmtpUrl(raw: string): SmtpSettings | string {
  const shape = 'must be smtp://user:password@host:port or smtps://user:password@host:port';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `${shape} (it is not a URL)`;
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return `${shape}, not ${url.protocol}//…`;
  if (!url.hostname) return `${shape} (no host)`;
  if ((url.pathname && url.pathname !== '/') || url.search || url.hash) return `${shape} (no path or query)`;
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

/** `Name <address>` or `address`, or null when it is neither (or the address is not one). */
export function parseMailbox(raw: string, isAddress: (address: string) => boolean): Mailbox | null {
  const match = /^(?:"?([^"<>\r\n]*?)"?\s*<([^<>\s]+)>|([^<>\s]+))$/.exec(raw);
  const address = match?.[2] ?? match?.[3] ?? '';
  if (!match || !isAddress(address)) return null;
  return { name: (match[1] ?? '').trim(), address };
}

/** `on` (the default when unset) or `off`, any case; anything else is `error`'s. */
export function parseOnOff(value: string | undefined, error: (message: string) => Error): boolean {
  if (value === undefined || /^on$/i.test(value)) return true;
  if (/^off$/i.test(value)) return false;
  throw error(`must be on or off, not ${JSON.stringify(value)}`);
}
