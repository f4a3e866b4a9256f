// The rules behind drafts, scheduling and photos in the body: which builds are previews, how a
// front-matter date and time on the site's calendar becomes the moment an article comes due, and
// the build's check of each <Figure> (the file exists, the alt text is there), on real files.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isPreviewBuild } from '../../src/shared/build-mode';
import { parseWallClock, publishInstant } from '../../src/shared/publish-time';
import { bodyFigureProblems, bodyFigures } from '../../src/lib/body-figures';

describe('preview builds', () => {
  it('are PREVIEW=1 and Netlify deploy previews and branch deploys, nothing else', () => {
    expect(isPreviewBuild({ PREVIEW: '1' })).toBe(true);
    expect(isPreviewBuild({ CONTEXT: 'deploy-preview' })).toBe(true);
    expect(isPreviewBuild({ CONTEXT: 'branch-deploy' })).toBe(true);
    expect(isPreviewBuild({})).toBe(false);
    expect(isPreviewBuild({ CONTEXT: 'production' })).toBe(false);
    expect(isPreviewBuild({ PREVIEW: '0', CONTEXT: 'production' })).toBe(false);
    expect(() => isPreviewBuild({ PREVIEW: 'yes' })).toThrow(/^PREVIEW must be 1/);
  });
});

describe('publication moments', () => {
  it('reads a date, or a date and time, as the wall clock of the site', () => {
    expect(parseWallClock('2026-03-02')?.toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(parseWallClock('2026-03-02 09:00')?.toISOString()).toBe('2026-03-02T09:00:00.000Z');
    expect(parseWallClock('2026-03-02T21:45')?.toISOString()).toBe('2026-03-02T21:45:00.000Z');
    for (const bad of ['2026-02-30', '2026-13-01', '2026-03-02 24:00', '2026-03-02 9am', 'March 2', '2026-3-2'])
      expect(parseWallClock(bad), bad).toBeUndefined();
  });

  it('comes due at that wall-clock time in SITE_TIME_ZONE, daylight saving included', () => {
    const at = (text: string, zone: string) => publishInstant(parseWallClock(text)!, zone).toISOString();
    expect(at('2026-01-15 09:00', 'America/New_York')).toBe('2026-01-15T14:00:00.000Z');
    expect(at('2026-07-15 09:00', 'America/New_York')).toBe('2026-07-15T13:00:00.000Z');
    expect(at('2026-03-02', 'America/New_York')).toBe('2026-03-02T05:00:00.000Z');
    expect(at('2026-07-15 09:00', 'UTC')).toBe('2026-07-15T09:00:00.000Z');
    expect(at('2026-07-15 09:00', 'Asia/Kolkata')).toBe('2026-07-15T03:30:00.000Z');
    // 02:30 does not exist on the spring-forward night: due at 03:30 EDT; 01:30 on the fall-back
    // night happens twice: due the first time (EDT).
    expect(at('2026-03-08 02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(at('2026-11-01 01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
  });
});

describe('photos in the body', () => {
  const root = mkdtempSync(join(tmpdir(), 'rt-figures-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'src/content/articles'), { recursive: true });
  mkdirSync(join(root, 'src/assets/art/a'), { recursive: true });
  writeFileSync(join(root, 'src/assets/art/a/photo.jpg'), 'not checked here');
  const file = join(root, 'src/content/articles/a.mdx');
  const good = 'src="../../assets/art/a/photo.jpg" alt="A folded wool sweater on a chair"';

  it('reads the attributes the editor and authors write', () => {
    expect(bodyFigures(`Text\n\n<Figure ${good} caption="Folded." credit={"Rooted Threads"} />\n`)).toEqual([
      {
        src: '../../assets/art/a/photo.jpg',
        alt: 'A folded wool sweater on a chair',
        caption: 'Folded.',
        credit: 'Rooted Threads',
      },
    ]);
  });

  it('accepts a photo that exists with alt text', () => {
    expect(bodyFigureProblems(file, `<Figure ${good} />`)).toEqual([]);
  });

  it('names the missing file, the missing alt text and the wrong format', () => {
    expect(
      bodyFigureProblems(file, '<Figure src="../../assets/art/a/gone.jpg" alt="A folded wool sweater" />')[0],
    ).toMatch(/^there is no image file at \.\.\/\.\.\/assets\/art\/a\/gone\.jpg \(photo 1 in the body/);
    expect(bodyFigureProblems(file, `<Figure ${good} />\n<Figure src="../../assets/art/a/photo.jpg" />`)).toEqual([
      expect.stringMatching(/^photo 2 in the body .* needs alt text of at least 10 characters/),
    ]);
    expect(bodyFigureProblems(file, '<Figure src="../../assets/art/a/photo.jpg" alt="short" />')[0]).toMatch(
      /needs alt text/,
    );
    expect(
      bodyFigureProblems(file, '<Figure src="../../assets/art/a/photo.gif" alt="A folded wool sweater" />')[0],
    ).toMatch(/must be a JPEG, PNG, WebP or AVIF file/);
    expect(bodyFigureProblems(file, '<Figure alt="A folded wool sweater" />')[0]).toMatch(/has no src/);
  });
});
