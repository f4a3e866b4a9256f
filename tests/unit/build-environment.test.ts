// The third audit's item 10: a scheduled rebuild (server/runtime/scheduled-rebuild.ts) runs the
// site's build with buildEnvironment(), which keeps what a build reads and drops the secrets.
import { describe, expect, it } from 'vitest';
import { buildEnvironment } from '../../server/settings.ts';

describe('the rebuild environment', () => {
  it('drops the server secrets and secret-looking names, keeps what the build reads', () => {
    const env = buildEnvironment({
      PATH: '/usr/bin',
      HOME: '/home/site',
      SITE_URL: 'https://example.org',
      SITE_TIME_ZONE: 'America/Chicago',
      NODE_OPTIONS: '--max-old-space-size=2048',
      ADMIN_KEY: 'k',
      DATABASE_URL: 'postgres://u:p@h/db',
      SMTP_URL: 'smtps://u:p@h:465',
      BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/x',
      KEYSTATIC_SECRET: 's',
      KEYSTATIC_GITHUB_CLIENT_SECRET: 's',
      GITHUB_TOKEN: 't',
      AWS_SECRET_ACCESS_KEY: 'a',
      PGPASSWORD: 'p',
    });
    expect(Object.keys(env).sort()).toEqual(['HOME', 'NODE_OPTIONS', 'PATH', 'SITE_TIME_ZONE', 'SITE_URL']);
  });
});
