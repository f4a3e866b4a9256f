// Which storage the editor uses is chosen by the build's environment (src/shared/editor-storage.ts),
// and keystatic.config.ts turns the choice into Keystatic's own `storage`.
import { describe, expect, it } from 'vitest';
import { editorCspSources, editorDeployed, editorStorage, keystaticStorage } from '../../src/shared/editor-storage.ts';

const GITHUB = {
  KEYSTATIC_GITHUB_CLIENT_ID: 'Iv23liEXAMPLE',
  KEYSTATIC_GITHUB_CLIENT_SECRET: 'secret-from-github',
  KEYSTATIC_SECRET: 'a'.repeat(40),
  PUBLIC_KEYSTATIC_GITHUB_APP_SLUG: 'rooted-threads-editor',
};

describe('the editor’s storage', () => {
  it('is local files with no variable set (npm run dev, npm start)', () => {
    expect(editorStorage({})).toEqual({ kind: 'local' });
    expect(keystaticStorage(JSON.stringify(editorStorage({})))).toEqual({ storage: { kind: 'local' } });
    expect(keystaticStorage(undefined)).toEqual({ storage: { kind: 'local' } });
  });

  it('is GitHub with the four variables, on the repository Netlify builds or the one named', () => {
    const onNetlify = { ...GITHUB, NETLIFY: 'true', REPOSITORY_URL: 'https://github.com/rooted/threads-site' };
    expect(editorStorage(onNetlify)).toEqual({
      kind: 'github',
      repo: 'rooted/threads-site',
      branchPrefix: 'keystatic/',
    });
    expect(editorStorage({ ...onNetlify, KEYSTATIC_GITHUB_REPO: 'brand/site' })).toMatchObject({ repo: 'brand/site' });
    expect(keystaticStorage(JSON.stringify(editorStorage(onNetlify)))).toEqual({
      storage: { kind: 'github', repo: 'rooted/threads-site', branchPrefix: 'keystatic/' },
    });
  });

  it('is Keystatic Cloud with KEYSTATIC_CLOUD_PROJECT', () => {
    const cloud = editorStorage({ KEYSTATIC_CLOUD_PROJECT: 'rooted/site' });
    expect(keystaticStorage(JSON.stringify(cloud))).toEqual({
      storage: { kind: 'cloud', branchPrefix: 'keystatic/' },
      cloud: { project: 'rooted/site' },
    });
  });

  it('names the variable that is missing or wrong', () => {
    expect(() => editorStorage({ KEYSTATIC_GITHUB_CLIENT_ID: 'x' })).toThrow(/KEYSTATIC_GITHUB_REPO/);
    const { KEYSTATIC_SECRET: _, ...noSecret } = GITHUB;
    expect(() => editorStorage({ ...noSecret, KEYSTATIC_GITHUB_REPO: 'a/b' })).toThrow(/KEYSTATIC_SECRET/);
    expect(() => editorStorage({ ...GITHUB, KEYSTATIC_GITHUB_REPO: 'a/b', KEYSTATIC_SECRET: 'short' })).toThrow(
      /at least 32/,
    );
    expect(() => editorStorage({ ...GITHUB, KEYSTATIC_GITHUB_REPO: 'not a repo' })).toThrow(/owner\/name/);
    expect(() => editorStorage({ ...GITHUB, KEYSTATIC_CLOUD_PROJECT: 'a/b' })).toThrow(/not both/);
    expect(() => editorStorage({ KEYSTATIC_CLOUD_PROJECT: 'nope' })).toThrow(/team\/project/);
  });

  it('ships no local-mode editor from a Netlify build (read-only files, no sign-in of its own)', () => {
    expect(editorDeployed({ kind: 'local' }, { NETLIFY: 'true' })).toBe(false);
    expect(editorDeployed({ kind: 'local' }, {})).toBe(true);
    expect(editorDeployed(editorStorage({ ...GITHUB, KEYSTATIC_GITHUB_REPO: 'a/b' }), { NETLIFY: 'true' })).toBe(true);
  });

  it('widens the page policy only for the remote modes, and never for scripts, styles or fonts', () => {
    expect(editorCspSources({ kind: 'local' })).toEqual({ connect: [], img: [] });
    const github = editorCspSources(editorStorage({ ...GITHUB, KEYSTATIC_GITHUB_REPO: 'a/b' }));
    expect(github.connect).toEqual(['https://api.github.com']);
    expect(editorCspSources(editorStorage({ KEYSTATIC_CLOUD_PROJECT: 'a/b' })).connect).toEqual([
      'https://api.keystatic.cloud',
    ]);
  });
});
