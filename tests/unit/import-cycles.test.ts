// No import cycle in server/, netlify/ or src/, type-only and dynamic imports included: a cycle
// makes the order modules initialise in depend on which one is loaded first, and hides which
// layer owns what. dpdm finds them (docs/decisions.md, "Import cycles: dpdm"); its TypeScript
// parser sees `import type` too (transform: false), so a type-level cycle fails here as well.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCircular, parseDependencyTree } from 'dpdm';

const root = fileURLToPath(new URL('../..', import.meta.url));

async function cycles(cwd: string, globs: string[]): Promise<string[][]> {
  const tree = await parseDependencyTree(globs, {
    cwd,
    context: cwd,
    transform: false,
    skipDynamicImports: false,
    // Packages are not ours to judge, and their files are many.
    exclude: /node_modules/,
  });
  return parseCircular(tree);
}

describe('import cycles', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'cycles-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('are found when only a type closes the loop (the check can fail)', async () => {
    writeFileSync(join(scratch, 'a.ts'), "import type { B } from './b.ts';\nexport type A = { b?: B };\n");
    writeFileSync(join(scratch, 'b.ts'), "import { c } from './c.ts';\nexport type B = typeof c;\n");
    writeFileSync(join(scratch, 'c.ts'), "import type { A } from './a.ts';\nexport const c: A | null = null;\n");
    const found = await cycles(scratch, ['*.ts']);
    expect(found.map((cycle) => [...cycle].sort())).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('there are none in server/, netlify/ and src/', async () => {
    const found = await cycles(root, ['server/**/*.ts', 'netlify/**/*.ts', 'src/**/*.ts', 'src/**/*.tsx']);
    expect(found.map((cycle) => cycle.join(' -> '))).toEqual([]);
  }, 60_000);
});
