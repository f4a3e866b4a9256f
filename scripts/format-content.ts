// `npm run format:content`: rewrites every article and story in the form Keystatic saves them
// (keystatic/entry-format.ts runs Keystatic's own field readers and writers), so an edit made in
// the editor changes only the lines it touches. `-- --check` changes nothing and lists the files
// that are not in that form (exit 1); a folder after the options checks or formats a copy of the
// project there. The content tests run the check.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const PROJECT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const check = args.includes('--check');
const root = resolve(args.find((a) => !a.startsWith('--')) ?? '.');

// Keystatic's Node build leaves out its MDX editor (and with it the serializer); its browser build
// has it and runs in Node.
const keystaticBuild = (file: string) => join(PROJECT, 'node_modules/@keystatic/core/dist', file);
const { module } = await runnerImport<typeof import('../keystatic/entry-format.ts')>(
  join(PROJECT, 'keystatic/entry-format.ts'),
  {
    root: PROJECT,
    configFile: false,
    logLevel: 'error',
    resolve: {
      alias: [
        { find: /^@keystatic\/core$/, replacement: keystaticBuild('keystatic-core.js') },
        {
          find: /^@keystatic\/core\/content-components$/,
          replacement: keystaticBuild('keystatic-core-content-components.js'),
        },
      ],
    },
  },
);
const { CONTENT_DIRS } = await import('../src/content-dirs.ts');

const unformatted: string[] = [];
let count = 0;
for (const collection of ['articles', 'stories'] as const) {
  const dir = join(root, CONTENT_DIRS[collection]);
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.mdx'))) {
    const file = join(dir, name);
    const raw = readFileSync(file, 'utf8');
    const formatted = module.formatEntry(collection, name.replace(/\.mdx$/, ''), raw, root);
    count++;
    if (formatted === raw) continue;
    unformatted.push(`${CONTENT_DIRS[collection]}/${name}`);
    if (!check) writeFileSync(file, formatted);
  }
}

if (check && unformatted.length) {
  console.log(`Not in the editor's form (run npm run format:content):\n${unformatted.join('\n')}`);
  process.exitCode = 1;
} else if (check) console.log(`All ${count} files are in the editor's form.`);
else console.log(`Formatted ${unformatted.length} of ${count} files in the editor's form.`);
