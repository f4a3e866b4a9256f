// The one import rule (docs/architecture.md, "Layers") is enforced by the lint gate; this proves the rule
// is wired: each forbidden import below is reported, and the allowed ones are not.
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The project's real config, running only the two rules under test and without type information:
// neither needs types, and the TypeScript program a typed lint builds took ~44 s of a 2-core run.
const RULES = new Set(['no-restricted-imports', 'no-restricted-globals']);
const eslint = new ESLint({
  ruleFilter: ({ ruleId }) => RULES.has(ruleId),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
});

async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return result!.messages.filter((m) => m.ruleId !== null && RULES.has(m.ruleId)).map((m) => m.message);
}

describe('the import rule', () => {
  // The first lint loads the config and its plugins: once, here.
  beforeAll(async () => {
    await eslint.lintText('', { filePath: 'server/forms.ts' });
  }, 60_000);

  it('server code may not import an island', async () => {
    const found = await restricted(
      'server/forms.ts',
      "import { postJson } from '../src/islands/submit.ts';\nvoid postJson;\n",
    );
    expect(found.join('\n')).toMatch(/only through src\/shared/);
  });

  it('the runtime may not import the build (integrations, helpers, site config)', async () => {
    const found = await restricted(
      'server/runtime/static-files.ts',
      "import { precompressDir } from '../../src/integrations/post-build.ts';\nimport { SITE } from '../../src/site.ts';\nvoid precompressDir;\nvoid SITE;\n",
    );
    expect(found).toHaveLength(2);
  });

  it('an .astro page or component may not import server code (eslint-plugin-astro parses it)', async () => {
    const found = await restricted(
      'src/components/Example.astro',
      "---\nimport { json } from '../../server/http.ts';\nvoid json;\n---\n<p>{1}</p>\n",
    );
    expect(found.join('\n')).toMatch(/only through src\/shared/);
  });

  it('an island may not import server code or node: modules', async () => {
    const found = await restricted(
      'src/islands/submit.ts',
      "import { json } from '../../server/http.ts';\nimport { readFileSync } from 'node:fs';\nvoid json;\nvoid readFileSync;\n",
    );
    expect(found).toHaveLength(2);
  });

  it('src/shared/ stays isomorphic: no node:, no imports from outside, no DOM or process globals', async () => {
    const found = await restricted(
      'src/shared/messages/index.ts',
      "import { x } from '../site.ts';\nimport { join } from 'node:path';\nexport const y = [x, join, document.title, process.env];\n",
    );
    expect(found).toHaveLength(4);
  });

  it('both sides may import the shared layer', async () => {
    expect(
      await restricted(
        'server/forms.ts',
        "import { PROBLEMS } from '../src/shared/messages/index.ts';\nvoid PROBLEMS;\n",
      ),
    ).toEqual([]);
    expect(
      await restricted(
        'src/islands/submit.ts',
        "import { PROBLEMS } from '../shared/messages/index.ts';\nvoid PROBLEMS;\n",
      ),
    ).toEqual([]);
  });
});
