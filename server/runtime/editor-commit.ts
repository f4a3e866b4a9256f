// A save from the editor (/keystatic under `npm start`) becomes one Git commit in the served
// checkout when it is a Git work tree: only the files Keystatic wrote or removed, authored by who
// saved, with a message saying what changed ("Editor: add article “Caring for linen”"). The
// server's own identity is the committer. Also says whether the save changes the public site: a
// draft that was and stays a draft (with its new photos) needs no rebuild.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { SavedFiles } from './editor-function.ts';

const run = promisify(execFile);

export interface Person {
  name: string;
  email: string;
}

/** The server's own name on the commits it makes (the committer; the author is who saved). */
const COMMITTER: Person = { name: 'Rooted Threads server', email: 'server@rooted-threads.invalid' };

export interface CommitResult {
  /** The new commit's hash; undefined when not a Git work tree or nothing changed. */
  commit?: string;
  /** Whether the public site can differ (a rebuild is needed). */
  publicChange: boolean;
}

async function git(root: string, args: string[]): Promise<string> {
  const env = {
    ...gitEnv,
    GIT_COMMITTER_NAME: COMMITTER.name,
    GIT_COMMITTER_EMAIL: COMMITTER.email,
  };
  const { stdout } = await run('git', args, { cwd: root, env, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

/** Git needs PATH and HOME; nothing else of the server's environment (its secrets) goes to it. */
const gitEnv: Record<string, string> = Object.fromEntries(
  ['PATH', 'HOME', 'LANG'].flatMap((name) => {
    const value = process.env[name]; // eslint-disable-line no-restricted-properties -- git's own PATH/HOME, not a setting
    return value === undefined ? [] : [[name, value]];
  }),
);

/** The front matter's `draft: true`, and its title, read from an entry file's text. */
export function entryState(text: string | undefined): { exists: boolean; draft: boolean; title?: string } {
  if (text === undefined) return { exists: false, draft: false };
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
  const title = /^title:\s*(.+)$/m
    .exec(front)?.[1]
    ?.trim()
    .replace(/^(['"])(.*)\1$/, '$2');
  return { exists: true, draft: /^draft:\s*true\s*$/m.test(front), title };
}

const ENTRY = /^src\/content\/([^/]+)\/([^/]+)\.mdx?$/;
const COLLECTION_NOUN: Record<string, string> = { articles: 'article', stories: 'story' };

/** "Editor: add article “Caring for linen”" and the files, from `git diff --name-status` lines. */
export function commitMessage(changes: { status: string; path: string }[], titles: Map<string, string>): string {
  const verbs: Record<string, string> = { A: 'add', M: 'update', D: 'delete' };
  const entries = changes.filter((c) => ENTRY.test(c.path));
  const named = entries.map((c) => {
    const [, collection, slug] = ENTRY.exec(c.path)!;
    const noun = COLLECTION_NOUN[collection!] ?? collection!;
    return `${verbs[c.status[0]!] ?? 'change'} ${noun} “${titles.get(c.path) ?? slug}”`;
  });
  const subject = named.length ? `Editor: ${named.join('; ')}` : `Editor: ${changes.length} file(s) changed`;
  const files = changes.map((c) => `${c.status[0]} ${c.path}`).join('\n');
  return `${subject.length > 72 ? `${subject.slice(0, 71)}…` : subject}\n\nSaved in the browser editor (/keystatic).\n\n${files}\n`;
}

export async function isWorkTree(root: string): Promise<boolean> {
  try {
    return (await git(root, ['rev-parse', '--is-inside-work-tree'])).trim() === 'true';
  } catch {
    return false;
  }
}

/** The file's text at HEAD, or undefined when HEAD has no such file. */
async function atHead(root: string, path: string): Promise<string | undefined> {
  try {
    return await git(root, ['show', `HEAD:${path}`]);
  } catch {
    return undefined;
  }
}

/** Commits the saved files (and only them) as `author`. */
export async function commitSave(root: string, saved: SavedFiles, author: Person): Promise<CommitResult> {
  if (!(await isWorkTree(root))) return { publicChange: true };
  const paths = [...saved.written.map((w) => w.path), ...saved.removed];
  if (!paths.length) return { publicChange: false };
  await git(root, ['add', '--all', '--', ...saved.written.map((w) => w.path)].filter(Boolean));
  if (saved.removed.length) await git(root, ['rm', '--cached', '--ignore-unmatch', '-q', '--', ...saved.removed]);
  const changes = (await git(root, ['diff', '--cached', '--name-status', '--no-renames', '--', ...paths]))
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [status, path] = line.split('\t') as [string, string];
      return { status, path };
    });
  if (!changes.length) return { publicChange: false };

  const titles = new Map<string, string>();
  let publicChange = false;
  for (const { status, path } of changes) {
    const written = saved.written.find((w) => w.path === path)?.contents.toString('utf8');
    if (ENTRY.test(path)) {
      const before = entryState(await atHead(root, path));
      const after = entryState(status.startsWith('D') ? undefined : written);
      const title = after.title ?? before.title;
      if (title) titles.set(path, title);
      if ((before.exists && !before.draft) || (after.exists && !after.draft)) publicChange = true;
    } else if (!status.startsWith('A')) {
      // A new photo is only seen through an entry; a replaced or removed one may be on the site.
      publicChange = true;
    }
  }
  await git(root, [
    'commit',
    '--quiet',
    '--no-verify',
    `--author=${author.name} <${author.email}>`,
    '--message',
    commitMessage(changes, titles),
    '--',
    ...changes.map((c) => c.path),
  ]);
  const commit = (await git(root, ['rev-parse', 'HEAD'])).trim();
  return { commit, publicChange };
}
