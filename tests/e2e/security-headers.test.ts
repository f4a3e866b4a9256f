// Security headers on pages and function answers, scored the way the Mozilla HTTP Observatory
// scores them (its published modifiers: 100 to start, penalties for what is missing or weak,
// bonuses only from a score of 90 up). We want A+ (100 or more) with no penalty.
import { describe, expect, it } from 'vitest';
import { siteUrl } from '../support/site-url.ts';

const base = siteUrl();

interface Scored {
  score: number;
  penalties: string[];
}

function directives(csp: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

/** Observatory-style score of a response's headers (the tests that apply to a static site). */
export function observatoryScore(headers: Headers): Scored {
  const penalties: string[] = [];
  let score = 100;
  let bonus = 0;
  const pen = (n: number, why: string) => {
    score -= n;
    penalties.push(`${why} (−${n})`);
  };

  // Content-Security-Policy
  const csp = headers.get('content-security-policy');
  if (!csp) pen(25, 'no CSP header');
  else {
    const d = directives(csp);
    const script = d.get('script-src') ?? d.get('default-src') ?? null;
    const style = d.get('style-src') ?? d.get('default-src') ?? null;
    const object = d.get('object-src') ?? d.get('default-src') ?? null;
    if (!script) pen(10, 'CSP lets scripts load from anywhere');
    else if (script.includes("'unsafe-inline'") && !script.some((v) => v.startsWith("'sha") || v.startsWith("'nonce-")))
      pen(20, "CSP allows 'unsafe-inline' scripts");
    else if (script.includes("'unsafe-eval'")) pen(10, "CSP allows 'unsafe-eval'");
    else if (script.some((v) => v === '*' || v === 'http:' || v === 'https:' || v === 'data:'))
      pen(20, 'CSP allows scripts from any origin');
    if (!object || !(object.includes("'none'") || object.includes("'self'")))
      pen(5, 'CSP does not restrict object-src');
    if (style?.some((v) => v === '*' || v === 'http:' || v === 'https:')) pen(10, 'CSP allows styles from any origin');
    if (d.get('default-src')?.includes("'none'")) bonus += 10;
    if (d.get('frame-ancestors')?.includes("'none'") || d.get('frame-ancestors')?.includes("'self'")) bonus += 5;
    else if (!headers.get('x-frame-options')) pen(20, 'no clickjacking protection');
  }

  // HSTS (six months at least)
  const hsts = headers.get('strict-transport-security');
  const maxAge = Number(hsts?.match(/max-age=(\d+)/)?.[1] ?? 0);
  if (!hsts) pen(20, 'no Strict-Transport-Security');
  else if (maxAge < 15_768_000) pen(10, 'HSTS max-age under six months');

  if (headers.get('x-content-type-options')?.toLowerCase() !== 'nosniff') pen(5, 'no X-Content-Type-Options: nosniff');

  const referrer = headers.get('referrer-policy')?.toLowerCase();
  if (referrer && ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(referrer))
    bonus += 5;
  else if (referrer && ['origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'].includes(referrer))
    pen(5, 'unsafe Referrer-Policy');

  const xfo = headers.get('x-frame-options')?.toUpperCase();
  if (xfo && xfo !== 'DENY' && xfo !== 'SAMEORIGIN') pen(20, 'invalid X-Frame-Options');

  for (const cookie of headers.getSetCookie()) {
    if (!/;\s*secure/i.test(cookie) || !/;\s*httponly/i.test(cookie)) pen(20, 'cookie without Secure/HttpOnly');
    if (!/;\s*samesite=(strict|lax)/i.test(cookie)) pen(5, 'cookie without SameSite');
  }

  return { score: score >= 90 ? score + bonus : score, penalties };
}

const grade = (s: number) => (s >= 100 ? 'A+' : s >= 90 ? 'A' : s >= 85 ? 'A-' : s >= 80 ? 'B+' : 'B or lower');

describe('security headers', () => {
  it.each([
    '/',
    '/articles',
    '/articles/hemp-vs-cotton',
    '/stories/plant-power',
    '/contact',
    '/admin',
    '/sitemap',
    '/privacy',
  ])('page %s scores A+ with no penalty', async (path) => {
    const res = await fetch(base + path);
    expect(res.status).toBe(200);
    const { score, penalties } = observatoryScore(res.headers);
    expect(penalties).toEqual([]);
    expect(grade(score), `score ${score}`).toBe('A+');
    const csp = directives(res.headers.get('content-security-policy')!);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
    // FLoC is gone; browsers warn about the obsolete feature name in the console.
    expect(res.headers.get('permissions-policy')).not.toContain('interest-cohort');
  });

  it.each(['/no/such/page', '/articles/no-such-article'])(
    'the 404 answer for %s carries a Content-Security-Policy that scores A+ and allows its own scripts',
    async (path) => {
      const res = await fetch(base + path);
      expect(res.status).toBe(404);
      const { score, penalties } = observatoryScore(res.headers);
      expect(penalties).toEqual([]);
      expect(grade(score), `score ${score}`).toBe('A+');
      const header = directives(res.headers.get('content-security-policy')!);
      expect(header.get('frame-ancestors')).toEqual(["'none'"]);
      expect(header.get('script-src')).not.toContain("'unsafe-inline'");
      // Every inline script hash of the page's own meta policy is allowed by the header too.
      const html = await res.text();
      const meta = html
        .match(/<meta http-equiv="content-security-policy" content="([^"]+)"/)![1]!
        .replace(/&#39;/g, "'");
      for (const [name, values] of directives(meta))
        expect(header.get(name), name).toEqual(expect.arrayContaining(values));
    },
  );

  it("page CSP headers carry the same script hashes as the page's own meta policy", async () => {
    const res = await fetch(base + '/articles/merino-wool-care');
    const html = await res.text();
    const meta = html.match(/<meta http-equiv="content-security-policy" content="([^"]+)"/)![1]!.replace(/&#39;/g, "'");
    const fromMeta = directives(meta).get('script-src')!;
    const fromHeader = directives(res.headers.get('content-security-policy')!).get('script-src')!;
    expect(fromHeader).toEqual(fromMeta);
    expect(fromHeader.filter((v) => v.startsWith("'sha256-")).length).toBeGreaterThan(0);
  });

  it.each([
    ['GET', '/api/health'],
    ['POST', '/api/signups'],
    ['POST', '/api/contact'],
    ['GET', '/api/admin/session'],
    ['GET', '/api/admin/contacts'],
  ])('function answer %s %s scores A+ and is never cached', async (method, path) => {
    const res = await fetch(base + path, {
      method,
      headers: method === 'POST' ? { 'content-type': 'application/json', origin: base } : {},
      body: method === 'POST' ? '{}' : undefined,
    });
    expect(res.status).toBeLessThan(500);
    const { score, penalties } = observatoryScore(res.headers);
    expect(penalties).toEqual([]);
    expect(grade(score), `score ${score}`).toBe('A+');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
