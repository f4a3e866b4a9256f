// server/page-titles.ts finds dist/page-titles.json from its own location, whatever the working
// directory: as the source tree ships it (Netlify's NFT bundler keeps this layout) and bundled into
// a function's own file two folders down (as esbuild-style bundlers do), each run from `/`.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A deployed site's root with a dist/page-titles.json of its own. */
function siteRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'rt-titles-'));
  made.push(root);
  mkdirSync(join(root, 'dist'));
  writeFileSync(join(root, 'dist', 'page-titles.json'), JSON.stringify({ '/articles/x': 'A title from the bundle' }));
  return root;
}

/** Imports `module` in a fresh Node from the root directory and prints pageTitle('/articles/x'). */
function titleFrom(module: string): string {
  const env = { ...process.env };
  delete env.ROOT_DIR;
  const run = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(pathToFileURL(module).href)}); console.log(JSON.stringify(m.pageTitle('/articles/x')));`,
    ],
    { cwd: '/', env, encoding: 'utf8' },
  );
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as string;
}

describe('page titles for the dashboard', () => {
  it('are found beside the module in the source layout, run from another directory', () => {
    const root = siteRoot();
    cpSync(resolve('server'), join(root, 'server'), { recursive: true });
    cpSync(resolve('src/shared'), join(root, 'src', 'shared'), { recursive: true });
    // The settings it imports use zod, as a deployed bundle would ship it.
    symlinkSync(resolve('node_modules'), join(root, 'node_modules'));
    expect(titleFrom(join(root, 'server', 'page-titles.ts'))).toBe('A title from the bundle');
  });

  it('are found from a function bundle two folders below the root, run from another directory', async () => {
    const root = siteRoot();
    const outfile = join(root, 'netlify', 'functions', 'admin-insights.mjs');
    await build({
      entryPoints: [resolve('server/page-titles.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile,
      logLevel: 'silent',
    });
    expect(titleFrom(outfile)).toBe('A title from the bundle');
  });
});
