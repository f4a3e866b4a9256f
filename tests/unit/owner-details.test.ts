// The owner's details live in src/site.ts alone; a Netlify production build refuses placeholders
// (a reserved .example address, a 555 number, the sample street, a platform's home page as a
// profile), and profiles that are not set are shown nowhere.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { AstroIntegration } from 'astro';
import { describe, expect, it } from 'vitest';
import { ownerPlaceholders } from '../../src/lib/owner-placeholders';
import { ownerDetailsCheck } from '../../src/integrations/owner-details-check';
import { SITE, type SocialLink } from '../../src/site';

const real = {
  contact: {
    ...SITE.contact,
    email: 'hello@rootedthreads.com',
    phone: '+1\u00a0(423)\u00a0267\u20110142',
    phoneHref: 'tel:+14232670142',
    street: '27 Market Street',
  },
  social: [
    { name: 'Instagram', href: 'https://www.instagram.com/rootedthreads/', icon: 'instagram' },
    { name: 'Facebook', href: null, icon: 'facebook' },
  ] as SocialLink[],
};

describe("the owner's details", () => {
  it('finds every placeholder this repository ships, naming the field', () => {
    const found = ownerPlaceholders();
    expect(found).toEqual([
      expect.stringContaining('SITE.contact.email is hello@rootedthreads.example'),
      expect.stringContaining('SITE.contact.phone is +14235550142, a 555 number'),
      expect.stringContaining('SITE.contact.street is the sample address'),
    ]);
  });

  it('accepts real details, and flags a reserved domain, a 555 number or a home page as a profile', () => {
    expect(ownerPlaceholders(real)).toEqual([]);
    for (const email of ['a@b.test', 'a@example.com', 'a@shop.invalid'])
      expect(ownerPlaceholders({ ...real, contact: { ...real.contact, email } })).toHaveLength(1);
    expect(ownerPlaceholders({ ...real, contact: { ...real.contact, phoneHref: 'tel:+1-212-555-0199' } })).toHaveLength(
      1,
    );
    const home: SocialLink[] = [{ name: 'Pinterest', href: 'https://www.pinterest.com/', icon: 'pinterest' }];
    expect(ownerPlaceholders({ ...real, social: home })).toEqual([expect.stringContaining('Pinterest links to')]);
  });

  it('pass every build but a Netlify production one', () => {
    type SetupOptions = Parameters<NonNullable<AstroIntegration['hooks']['astro:config:setup']>>[0];
    const setup = (env: Record<string, string>, command: 'build' | 'dev') => () =>
      // The hook reads only `command`.
      ownerDetailsCheck(env).hooks['astro:config:setup']!({ command } as SetupOptions);
    expect(setup({ CONTEXT: 'production' }, 'build')).toThrow(/placeholder owner details/);
    expect(setup({ CONTEXT: 'deploy-preview' }, 'build')).not.toThrow();
    expect(setup({}, 'build')).not.toThrow();
    expect(setup({ CONTEXT: 'production' }, 'dev')).not.toThrow();
  });

  it('stop a Netlify production build with a clear message (astro build, as Netlify runs it)', () => {
    const run = (context: string) =>
      spawnSync('npx', ['astro', 'build'], {
        env: { ...process.env, CONTEXT: context, ASTRO_TELEMETRY_DISABLED: '1' },
        encoding: 'utf8',
        // The check runs before anything is built; a build that got further is stopped here.
        timeout: 45_000,
      });
    const production = run('production');
    expect(production.status).not.toBe(0);
    expect(production.stdout + production.stderr).toContain(
      'This production build still shows placeholder owner details (src/site.ts)',
    );
    expect(production.stdout + production.stderr).toContain('SITE.contact.email is hello@rootedthreads.example');
  }, 90_000);

  it('show no social profile that is not set (footer, JSON-LD) in the built site', () => {
    expect(existsSync('dist/index.html'), 'build the site first (npm run build)').toBe(true);
    const html = readFileSync('dist/index.html', 'utf8');
    expect(SITE.social.every((s) => s.href === null)).toBe(true);
    expect(html.match(/instagram\.com|facebook\.com|pinterest\.com|aria-label="Social media"|"sameAs"/g)).toBeNull();
  });
});
