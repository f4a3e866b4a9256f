// The editor's check: `npm run check:content` holds every article and story to the rules of
// docs/writing-articles.md and prints, file by file, what to fix in plain words. It exits 1 when
// something needs fixing, 0 when all is well. The content tests run the same rules
// (scripts/content-check/rules.ts), so it passes exactly when CI's content check does.
// `npm run check:content -- <folder>` checks a copy of the project in another folder.
import { registerHooks } from 'node:module';
import { resolve } from 'node:path';

// Some site modules import their neighbours without the .ts ending, as Vite allows; Node needs it.
registerHooks({
  resolve(specifier, context, next) {
    try {
      return next(specifier, context);
    } catch (error) {
      if (/^\.\.?\//.test(specifier) && !/\.[cm]?[jt]sx?$/.test(specifier)) return next(`${specifier}.ts`, context);
      throw error;
    }
  },
});

const root = resolve(process.argv[2] ?? '.');

try {
  const { checkContent, countPieces } = await import('./content-check/rules.ts');
  const problems = checkContent(root);
  const { articles, drafts, stories } = countPieces(root);
  const read = `${articles} articles (${drafts} ${drafts === 1 ? 'draft' : 'drafts'}) and ${stories} stories`;
  if (problems.length === 0) {
    console.log(`All is well: ${read} follow the rules.`);
  } else {
    for (const { file, message } of problems) console.log(`${file}: ${message}`);
    const files = new Set(problems.map((p) => p.file)).size;
    console.log(
      `\n${problems.length} ${problems.length === 1 ? 'thing' : 'things'} to fix in ${files} ${files === 1 ? 'file' : 'files'}; ${read} checked.` +
        '\nFix them in the editor or the file, then run npm run check:content again. The guide: docs/writing-articles.md',
    );
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`The check could not run: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
}
