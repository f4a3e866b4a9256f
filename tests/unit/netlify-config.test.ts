// netlify.toml as Netlify reads it (Netlify's own parser for its headers): no setting that does
// nothing (node_bundler has no effect on v2 functions), production migrates before it builds, and
// the Permissions-Policy names no obsolete feature.
import { readFileSync } from 'node:fs';
import { parseAllHeaders } from '@netlify/headers-parser';
import { describe, expect, it } from 'vitest';

const toml = readFileSync('netlify.toml', 'utf8');

describe('netlify.toml', () => {
  it('sets no node_bundler (v2 functions always use Netlify’s NFT bundler)', () => {
    expect(toml).not.toMatch(/^\s*node_bundler\s*=/m);
  });

  it('migrates before building in production only', () => {
    expect(toml).toMatch(/\[context\.production\]\s*\n\s*command = "npm run db:migrate && npm run build"/);
    expect(toml).toMatch(/\[build\]\s*\n\s*command = "npm run build"/);
  });

  it('sends a Permissions-Policy without the obsolete interest-cohort', async () => {
    const { headers, errors } = await parseAllHeaders({
      headersFiles: [],
      netlifyConfigPath: 'netlify.toml',
      configHeaders: [],
      minimal: false,
    });
    expect(errors).toEqual([]);
    const policy = headers.find((h) => h.for === '/*')?.values['Permissions-Policy'];
    expect(policy).toMatch(/camera=\(\)/);
    expect(policy).not.toContain('interest-cohort');
  });
});
