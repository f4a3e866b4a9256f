// The editor on the self-hosted site, put together for server/serve.ts: the built editor function
// (editor-function.ts) behind the dashboard's sign-in, its saves committed and published
// (editor-publish.ts). The author of each commit is the colleague who saved (their staff account's
// address); a save made in the key's session is the site owner's.
import { join } from 'node:path';
import { ownerEmail } from '../settings.ts';
import { mountEditor, type Editor } from './editor-function.ts';
import { createPublisher } from './editor-publish.ts';
import type { BuildResult } from './scheduled-rebuild.ts';

export async function startEditor(options: {
  root: string;
  siteUrl: string;
  rebuild: () => Promise<BuildResult>;
}): Promise<Editor | undefined> {
  const host = new URL(options.siteUrl).hostname;
  const publisher = createPublisher({
    root: options.root,
    rebuild: options.rebuild,
    author: (who) => who ?? { name: 'Site owner (dashboard)', email: ownerEmail() ?? `owner@${host}` },
  });
  const mounted = await mountEditor({
    root: options.root,
    siteUrl: options.siteUrl,
    // Beside the build's own copy (which a rebuild empties), inside the checkout so that anything
    // the bundle leaves to Node's resolution is found in the checkout's node_modules.
    workDir: join(options.root, '.netlify', 'editor-live'),
    onSave: publisher.onSave,
  }).catch((err: unknown) => `it could not be loaded (${err instanceof Error ? err.message : String(err)})`);
  if (typeof mounted === 'string') {
    console.log(`  no editor at /keystatic: ${mounted}`);
    return undefined;
  }
  console.log('  the editor is at /keystatic for signed-in dashboard users; saves publish');
  return mounted;
}
