/**
 * What the editor on the deployed site (/keystatic under `npm start`) answers. Keystatic shows an
 * answer's text as it is, so these are plain sentences, not the API's { error } shape.
 */
export const HOSTED_EDITOR_NOTICES = {
  signIn: 'Your dashboard sign-in has ended. Sign in again at /admin, then come back to /keystatic.',
  roleForbidden: 'Your role does not include the editor. Ask the site owner.',
  crossSite: 'The editor answers only its own pages.',
  misdirected: 'This server does not answer for that host name.',
  notConfigured: 'The dashboard is not set up (no ADMIN_KEY), so the editor is closed.',
  tooLarge: 'This save is too large (over 64 MB). Use smaller photos: about 2,400 pixels wide is plenty.',
  /** The build refused the saved content: nothing on the live site changed. */
  notPublished: (reason: string) =>
    `Saved, but the live site was not updated: the site could not be built with this change. ${reason} Fix it and save again; until then the site stays as it was.`,
  buildFailed: 'The build stopped for a reason that is not in the content; the server log has the details.',
} as const;
