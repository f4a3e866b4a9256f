// Strings of the second security audit's fixes (docs/threat-model.md): the local demo mode's
// gate and log-in, and the forms' refusal of invisible control characters.
import type { Notice } from './notice.ts';

export const DEMO_MODE_LABELS = {
  /** Before the key file's path on the gate; the key itself never travels over HTTP. */
  keyLocation: 'Local demo mode. The admin key is printed in the terminal running npm start and kept in',
} as const;

export const DEMO_MODE_NOTICES = {
  /** A demo log-in that came through a proxy or from a page not opened at a local address. */
  localOnly: {
    title: 'Local Demo Mode',
    text: 'In local demo mode the admin key works only in a browser on this machine, at http://localhost. Set ADMIN_KEY to use the dashboard from anywhere else.',
  },
} as const satisfies Record<string, Notice>;

export const TOP_PAGES_LABELS = {
  /** The Insights list's last entry: sign-ups naming pages the build does not know, unlinked. */
  otherPages: 'Other pages',
  otherPagesNote: 'not on this site',
  /** Sign-ups started again from the preferences page (PREFERENCES_SOURCE). */
  preferencesPage: 'Preferences page',
  preferencesPageNote: 'readers who turned a list back on',
} as const;
