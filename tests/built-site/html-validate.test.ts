// Every built page is valid HTML (html-validate's recommended rules, see .htmlvalidate.json).
// Runs after `npm run build` in npm test.
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HtmlValidate, FileSystemConfigLoader } from 'html-validate';

function pages(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((n) => n.endsWith('.html') && !/^(pagefind|_astro)[\\/]/.test(n))
    .map((n) => join(dir, n));
}

describe('built HTML', () => {
  it('validates on every page', async () => {
    expect(existsSync('dist/index.html'), 'build the site first (npm run build)').toBe(true);
    const validator = new HtmlValidate(new FileSystemConfigLoader());
    const files = pages('dist');
    expect(files.length).toBeGreaterThan(35);
    const problems: string[] = [];
    for (const file of files) {
      const report = await validator.validateFile(file);
      for (const r of report.results)
        for (const m of r.messages) problems.push(`${file}:${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
    }
    expect(problems).toEqual([]);
  });
});
