// What `npm start` does about the admin key before it listens:
//   - ADMIN_KEY set: it must be strong (admin/key-strength.ts), else the server does not start;
//   - ADMIN_KEY unset or empty: local demo mode (a generated key, shown on the gate) exists only on
//     a loopback listener with no public SITE_URL and no TRUST_PROXY, i.e. when only this machine
//     can reach the server. Anywhere else the server does not start: a forgotten variable must not
//     hand the dashboard to whoever finds the port.
import { KEY_ADVICE, keyWeakness } from '../admin/key-strength.ts';
import { isLoopbackHostname } from '../client-address.ts';

export type AdminStartup = { ok: true; demo: boolean } | { ok: false; message: string };

export interface StartupFacts {
  /** ADMIN_KEY as the environment gives it. */
  adminKey: string | undefined;
  /** The listen address (HOST). */
  host: string;
  /** The public origin (SITE_URL, else Netlify's URL, else the local default). */
  siteUrl: string;
  /** Whether TRUST_PROXY names any proxy. */
  trustProxy: boolean;
}

/** Why this server is not local-only, or undefined when only this machine can reach it. */
export function notLocalReason({ host, siteUrl, trustProxy }: Omit<StartupFacts, 'adminKey'>): string | undefined {
  if (!isLoopbackHostname(host)) return `HOST=${host} is not a loopback address`;
  let siteHost: string | undefined;
  try {
    siteHost = new URL(siteUrl).hostname;
  } catch {
    siteHost = undefined;
  }
  if (!siteHost || !isLoopbackHostname(siteHost)) return `SITE_URL ${siteUrl} is a public address`;
  if (trustProxy) return 'TRUST_PROXY is set, so requests arrive through a proxy';
  return undefined;
}

export function adminStartup(facts: StartupFacts): AdminStartup {
  if (facts.adminKey) {
    const weakness = keyWeakness(facts.adminKey);
    if (!weakness) return { ok: true, demo: false };
    return {
      ok: false,
      message: `ADMIN_KEY is too weak: ${weakness}. Set ADMIN_KEY to a long random secret; ${KEY_ADVICE}.`,
    };
  }
  const reason = notLocalReason(facts);
  if (!reason) return { ok: true, demo: true };
  return {
    ok: false,
    message:
      `ADMIN_KEY is not set, and this server can be reached from other machines (${reason}). ` +
      `Set ADMIN_KEY to a long random secret (${KEY_ADVICE}), e.g. ADMIN_KEY="$(openssl rand -base64 32)" npm start. ` +
      'Local demo mode, which generates a key and shows it on the admin page, exists only on HOST=127.0.0.1 with no public SITE_URL and no TRUST_PROXY.',
  };
}
