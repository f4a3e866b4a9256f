// Reads the headers and redirects of netlify.toml with Netlify's own parsers, so one file
// configures both the Netlify deployment and the self-hosted server.
import { parseAllHeaders, type Header } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';

export interface RedirectRule {
  from: string;
  to: string;
  status: number;
  force: boolean;
  /** Compiled `from`: placeholders (:name) and a trailing splat (*). */
  pattern: RegExp;
  names: string[];
}

export interface NetlifyRules {
  headers: Header[];
  redirects: RedirectRule[];
}

interface ParsedRedirect {
  from?: string;
  path?: string;
  to: string;
  status?: number;
  force?: boolean;
}

function compile(from: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = from
    .replace(/\/+$/, '')
    .split('/')
    .map((part) => {
      if (part === '*') {
        names.push('splat');
        return '(.*)';
      }
      if (part.startsWith(':')) {
        names.push(part.slice(1));
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  // Netlify matches a rule with or without a trailing slash.
  return { pattern: new RegExp(`^${source}/?$`), names };
}

export async function loadNetlifyRules(netlifyConfigPath: string, headersFiles: string[] = []): Promise<NetlifyRules> {
  const h = await parseAllHeaders({ headersFiles, netlifyConfigPath, configHeaders: [], minimal: false });
  const r = await parseAllRedirects({ redirectsFiles: [], netlifyConfigPath, configRedirects: [], minimal: false });
  const errors: unknown[] = [...h.errors, ...(r.errors as unknown[])];
  if (errors.length)
    throw new Error(`netlify.toml: ${errors.map((e) => (e instanceof Error ? e.message : String(e))).join('; ')}`);
  const redirects = (r.redirects as ParsedRedirect[]).map((rule) => {
    const from = rule.from ?? rule.path ?? '/';
    return { from, to: rule.to, status: rule.status ?? 301, force: rule.force ?? false, ...compile(from) };
  });
  return { headers: h.headers as Header[], redirects };
}

/** Headers that apply to `pathname`, merged in file order. */
export function headersFor(rules: NetlifyRules, pathname: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules.headers) if (rule.forRegExp.test(pathname)) Object.assign(out, rule.values);
  return out;
}

/** The first redirect whose `from` matches, with placeholders filled in `to`. */
export function matchRedirect(
  rules: NetlifyRules,
  pathname: string,
): { rule: RedirectRule; location: string } | undefined {
  for (const rule of rules.redirects) {
    const m = rule.pattern.exec(pathname);
    if (!m) continue;
    let location = rule.to;
    rule.names.forEach((name, i) => {
      location = location.replaceAll(`:${name}`, m[i + 1] ?? '');
    });
    return { rule, location };
  }
  return undefined;
}
