// Where the Keystatic editor keeps its saves, chosen by environment variables at build time
// (README, "Deploying"; docs/writing-articles.md, "Publishing from the browser"):
//   - GitHub mode when KEYSTATIC_GITHUB_CLIENT_ID is set: saves are commits to the repository named
//     by KEYSTATIC_GITHUB_REPO (owner/name), else the one Netlify builds from (REPOSITORY_URL).
//     Editors sign in with GitHub; a protected `main` makes Keystatic save to a branch (keystatic/…),
//     whose pull request gets a Netlify deploy preview.
//   - Keystatic Cloud when KEYSTATIC_CLOUD_PROJECT (team/project) is set: editors sign in with
//     Keystatic Cloud accounts, no GitHub account needed.
//   - Otherwise local mode: saves are files in this checkout (`npm run dev`, and `npm start` behind
//     the dashboard's sign-in). A Netlify build in local mode ships no editor (its files are
//     read-only there, and local mode has no sign-in of its own).
// astro.config.mjs reads this once and hands the result to keystatic.config.ts (which also runs
// in the browser) as import.meta.env.PUBLIC_EDITOR_STORAGE.

export type EditorStorage =
  | { kind: 'local' }
  | { kind: 'github'; repo: `${string}/${string}`; branchPrefix: string }
  | { kind: 'cloud'; project: string; branchPrefix: string };

/** Branches Keystatic creates for saves that cannot go to `main` (protected). */
export const EDITOR_BRANCH_PREFIX = 'keystatic/';

const OWNER_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/;

type Env = Record<string, string | undefined>;

/** The repository Netlify builds from, from its REPOSITORY_URL (https://github.com/owner/name). */
function repoFromNetlify(env: Env): string | undefined {
  const match = /^https:\/\/github\.com\/([^/]+\/[^/]+?)(?:\.git)?\/?$/.exec(env.REPOSITORY_URL ?? '');
  return match?.[1];
}

/** The storage the environment asks for; throws a message naming the variable when it is wrong. */
export function editorStorage(env: Env): EditorStorage {
  const github = env.KEYSTATIC_GITHUB_CLIENT_ID?.trim();
  const cloud = env.KEYSTATIC_CLOUD_PROJECT?.trim();
  if (github && cloud) {
    throw new Error(
      'Set KEYSTATIC_GITHUB_CLIENT_ID (GitHub mode) or KEYSTATIC_CLOUD_PROJECT (Keystatic Cloud), not both.',
    );
  }
  if (cloud) {
    if (!/^[\w-]+\/[\w-]+$/.test(cloud)) {
      throw new Error(`KEYSTATIC_CLOUD_PROJECT must be team/project as Keystatic Cloud shows it; it is "${cloud}".`);
    }
    return { kind: 'cloud', project: cloud, branchPrefix: EDITOR_BRANCH_PREFIX };
  }
  if (github) {
    const repo = env.KEYSTATIC_GITHUB_REPO?.trim() || repoFromNetlify(env);
    if (!repo || !OWNER_NAME.test(repo)) {
      throw new Error(
        `KEYSTATIC_GITHUB_REPO must name the site's GitHub repository as owner/name${repo ? `; it is "${repo}"` : ''}.`,
      );
    }
    for (const name of ['KEYSTATIC_GITHUB_CLIENT_SECRET', 'KEYSTATIC_SECRET', 'PUBLIC_KEYSTATIC_GITHUB_APP_SLUG']) {
      if (!env[name]?.trim()) throw new Error(`GitHub mode (KEYSTATIC_GITHUB_CLIENT_ID is set) also needs ${name}.`);
    }
    if ((env.KEYSTATIC_SECRET ?? '').length < 32) {
      throw new Error('KEYSTATIC_SECRET must be at least 32 characters (Keystatic signs its sign-in cookies with it).');
    }
    return { kind: 'github', repo: repo as `${string}/${string}`, branchPrefix: EDITOR_BRANCH_PREFIX };
  }
  return { kind: 'local' };
}

/** Whether a build ships the editor's routes: always, except local mode on Netlify (see above). */
export function editorDeployed(storage: EditorStorage, env: Env): boolean {
  return storage.kind !== 'local' || env.NETLIFY !== 'true';
}

/** keystatic.config.ts's `storage` (and `cloud`) from the value astro.config.mjs handed over. */
export function keystaticStorage(handedOver: string | undefined) {
  const storage: EditorStorage = handedOver ? (JSON.parse(handedOver) as EditorStorage) : { kind: 'local' };
  switch (storage.kind) {
    case 'github':
      return { storage: { kind: 'github', repo: storage.repo, branchPrefix: storage.branchPrefix } } as const;
    case 'cloud':
      return {
        storage: { kind: 'cloud', branchPrefix: storage.branchPrefix },
        cloud: { project: storage.project },
      } as const;
    default:
      return { storage: { kind: 'local' } } as const;
  }
}

/**
 * What the editor's page must reach besides this site in each mode, added to the site's Content-
 * Security-Policy (astro.config.mjs). Astro has one policy for every page, so public pages allow
 * these too; they never connect anywhere, and scripts, styles and fonts stay 'self' everywhere.
 * In GitHub mode the browser reads and commits through GitHub's API and shows photos from
 * raw.githubusercontent.com and avatars; in Keystatic Cloud mode it talks to Keystatic Cloud. The
 * Inter font Keystatic links from Google Fonts stays blocked: the editor uses system fonts.
 */
export function editorCspSources(storage: EditorStorage): { connect: string[]; img: string[] } {
  switch (storage.kind) {
    case 'github':
      return {
        connect: ['https://api.github.com'],
        img: ['https://raw.githubusercontent.com', 'https://avatars.githubusercontent.com'],
      };
    case 'cloud':
      return {
        connect: ['https://api.keystatic.cloud'],
        img: ['https://keystatic.cloud', 'https://api.keystatic.cloud'],
      };
    default:
      return { connect: [], img: [] };
  }
}
