// The words a save from the hosted editor leaves behind: the commit's message and author-facing
// entry state (server/runtime/editor-commit.ts) and the build's reason shown to the editor when a
// save cannot be published (server/runtime/editor-publish.ts).
import { describe, expect, it } from 'vitest';
import { commitMessage, entryState } from '../../server/runtime/editor-commit.ts';
import { plainBuildMessage } from '../../server/runtime/editor-publish.ts';

describe('a save’s commit', () => {
  it('names what changed by the entry’s title', () => {
    const titles = new Map([['src/content/articles/linen-care.mdx', 'Caring for linen']]);
    const message = commitMessage(
      [
        { status: 'A', path: 'src/content/articles/linen-care.mdx' },
        { status: 'A', path: 'src/assets/art/linen-care/hero.jpg' },
      ],
      titles,
    );
    expect(message.split('\n')[0]).toBe('Editor: add article “Caring for linen”');
    expect(message).toContain('A src/assets/art/linen-care/hero.jpg');
    expect(commitMessage([{ status: 'D', path: 'src/content/stories/old.mdx' }], new Map()).split('\n')[0]).toBe(
      'Editor: delete story “old”',
    );
  });

  it('reads the draft switch and the title from the front matter only', () => {
    expect(entryState('---\ntitle: "A draft"\ndraft: true\n---\n\ndraft: false\n')).toEqual({
      exists: true,
      draft: true,
      title: 'A draft',
    });
    expect(entryState('---\ntitle: Live\n---\n\ndraft: true\n')).toMatchObject({ draft: false, title: 'Live' });
    expect(entryState(undefined)).toEqual({ exists: false, draft: false });
  });
});

describe('the build’s reason, for the editor', () => {
  it('keeps the build’s own sentences and drops stack traces, links and log prefixes', () => {
    const output = [
      '12:48:01 [content] Syncing content',
      '\u001b[31m[InvalidContentEntryDataError]\u001b[39m articles → x data does not match collection schema.',
      '  excerpt: the excerpt is missing',
      '  faq: the FAQ has 2 questions; it needs exactly 3',
      '  /srv/site/src/content/articles/x.mdx:0:0',
      '  Hint:',
      '    See https://docs.astro.build/en/guides/content-collections/ for more information.',
      '  Stack trace:',
      '    at getEntryDataAndImages (file:///x/node_modules/astro/dist/content/utils.js:1:1)',
      '(build exited 1)',
    ].join('\n');
    expect(plainBuildMessage(output)).toBe(
      'articles → x data does not match collection schema; excerpt: the excerpt is missing; faq: the FAQ has 2 questions; it needs exactly 3.',
    );
    expect(plainBuildMessage('all good\n')).toBeUndefined();
  });
});
