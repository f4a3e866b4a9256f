// What happens after the editor saves under `npm start`: the commit (editor-commit.ts), then, when
// the public site can differ, a rebuild swapped in without a restart (scheduled-rebuild.ts, the
// scheduled-publishing path). The save's answer waits for that build, so the editor learns the
// outcome where Keystatic shows it: saved and live, or saved and not published with the build's
// reason in plain words (the live site stays as it was). Saves are handled one at a time.
import { HOSTED_EDITOR_NOTICES } from '../../src/shared/messages/hosted-editor.ts';
import { commitSave, type Person } from './editor-commit.ts';
import type { SavedFiles } from './editor-function.ts';
import type { BuildResult } from './scheduled-rebuild.ts';

export interface PublishOptions {
  root: string;
  /** Who the commit names, from the saver (null: the key's session). */
  author: (who: Person | null) => Person;
  rebuild: () => Promise<BuildResult>;
  log?: (message: string) => void;
}

// Colour codes, and the lines of a stack trace, are not for the editor.
const ANSI = new RegExp(String.raw`\u001b\[[0-9;]*m`, 'g');

/** The build's own reason, without stack traces or log noise: what the editor can act on. */
export function plainBuildMessage(output: string): string | undefined {
  const lines = output.replace(ANSI, '').split('\n');
  const start = lines.findIndex((line) => /error|failed|invalid|missing|must|needs/i.test(line));
  if (start < 0) return undefined;
  const kept: string[] = [];
  for (const line of lines.slice(start)) {
    const text = line.trim();
    // Stack traces, links, and the file's path on the server: not the editor's words.
    const noise =
      /^(at |Stack trace|Location:|Error reference:|Hint:|See https?:|https?:\/\/|\(build exited|file:\/\/)/;
    if (noise.test(text) || /^\/\S+:\d+:\d+$/.test(text)) continue;
    if (text) kept.push(text.replace(/^\d\d:\d\d:\d\d\s+/, '').replace(/^\[[\w-]+\]\s*/, ''));
    if (kept.length >= 20) break;
  }
  if (!kept.length) return undefined;
  // One sentence per problem the build named, in its own words.
  return `${kept.map((line) => line.replace(/[.;:]+$/, '')).join('; ')}.`;
}

export function createPublisher({ root, author, rebuild, log = console.log }: PublishOptions) {
  let queue: Promise<unknown> = Promise.resolve();

  async function publish(
    saved: SavedFiles,
    who: Person | null,
  ): Promise<{ ok: true } | { ok: false; message: string }> {
    const { commit, publicChange } = await commitSave(root, saved, author(who));
    if (commit) log(`editor: saved as commit ${commit.slice(0, 12)}`);
    if (!publicChange) return { ok: true };
    const result = await rebuild();
    if (result.ok) return { ok: true };
    const reason = plainBuildMessage(result.output);
    return {
      ok: false,
      message: reason ? HOSTED_EDITOR_NOTICES.notPublished(reason) : HOSTED_EDITOR_NOTICES.buildFailed,
    };
  }

  return {
    onSave: (saved: SavedFiles, who: Person | null = null) => {
      const next = queue.then(() => publish(saved, who));
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
