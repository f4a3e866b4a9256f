// The reliability suite runs against the built site (`npm test` builds it first in CI). Without a
// build every server test would fail with a confusing 404 or start-up error, so say so once, here.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export function setup(): void {
  for (const file of ['dist/index.html', 'dist/contact.html', 'dist/_headers']) {
    if (!existsSync(resolve(file))) {
      throw new Error(
        `tests/reliability needs the built site, and ${file} is missing: run \`npm run build\` (or \`npm test\`) first.`,
      );
    }
  }
}
