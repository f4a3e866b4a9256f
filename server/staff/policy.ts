// Who may call which admin endpoint (issue 36): one row per function and method, enforced by
// ../admin/endpoint.ts before the route runs. A function or method without a row is refused (403):
// a new endpoint is closed until it is given its roles here. docs/architecture.md ("Roles") mirrors
// this table. `reauth`: the act also needs a sign-in of the last REAUTH_MINUTES.
import type { StaffRole } from '../../src/shared/staff-api.ts';
import type { Method } from '../endpoint.ts';

export interface Rule {
  roles: readonly StaffRole[];
  reauth?: (url: URL) => boolean;
}

const ALL: readonly StaffRole[] = ['owner', 'editor', 'support'];
const OWNER: readonly StaffRole[] = ['owner'];
/** Readers' personal data: messages, sign-ups, consent, the outbox. */
const READERS: readonly StaffRole[] = ['owner', 'support'];
/** Announcements and the publishing editor. */
const EDITORS: readonly StaffRole[] = ['owner', 'editor'];
const always = () => true;

export const ACCESS: Record<string, Partial<Record<Method, Rule>>> = {
  'admin-stats': { GET: { roles: ALL } },
  'admin-insights': { GET: { roles: EDITORS } },
  // Page views, sources and conversion: counts only, no reader's data (server/readership/).
  'admin-readership': { GET: { roles: EDITORS } },
  'admin-contacts': { GET: { roles: READERS } },
  'admin-signups': { GET: { roles: READERS } },
  'admin-contacts-csv': { GET: { roles: READERS, reauth: always } },
  'admin-signups-csv': { GET: { roles: READERS, reauth: always } },
  'admin-contacts-erase': { DELETE: { roles: READERS, reauth: always } },
  'admin-signups-erase': { DELETE: { roles: READERS, reauth: always } },
  'admin-consent': { GET: { roles: READERS } },
  'admin-consent-csv': { GET: { roles: READERS, reauth: always } },
  'admin-mail': { GET: { roles: READERS } },
  'admin-mail-retry': { POST: { roles: READERS } },
  // The welcome e-mail's words and switch (a setting of the site): shown in the Mail view, changed by the owner.
  'admin-welcome-mail': { GET: { roles: READERS }, POST: { roles: OWNER } },
  'admin-announcements': { GET: { roles: EDITORS }, POST: { roles: EDITORS } },
  'admin-announcements-audience': { GET: { roles: EDITORS } },
  'admin-announcements-compose': { POST: { roles: EDITORS } },
  'admin-announcement': {
    GET: { roles: EDITORS },
    POST: { roles: EDITORS, reauth: (url) => url.pathname.endsWith('/send') },
  },
  'admin-staff': { GET: { roles: OWNER }, POST: { roles: OWNER, reauth: always } },
  'admin-staff-account': { POST: { roles: OWNER, reauth: always }, DELETE: { roles: OWNER, reauth: always } },
  'admin-staff-key-sign-in': { POST: { roles: OWNER, reauth: always } },
  'admin-audit': { GET: { roles: OWNER } },
  'admin-audit-csv': { GET: { roles: OWNER, reauth: always } },
  'admin-passkey': { POST: { roles: ALL } },
};

/** The editor at /keystatic (server/runtime/editor-function.ts). */
export const EDITOR_ROLES: readonly StaffRole[] = EDITORS;

export function ruleFor(name: string, method: Method): Rule | undefined {
  return ACCESS[name]?.[method === 'HEAD' ? 'GET' : method];
}
