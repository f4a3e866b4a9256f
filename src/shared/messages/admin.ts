/**
 * Admin: the owner's dashboard on /admin. The spec's toasts are copied exactly; the rest is ours.
 */

import type { Notice } from './notice.ts';

export const ADMIN_NOTICES = {
  invalidKey: { title: 'Invalid Admin Key', text: 'Please enter the correct admin key.' },
  authenticationFailed: { title: 'Authentication Failed', text: 'Unable to authenticate admin access.' },
  loginFailed: { title: 'Login Failed', text: 'An error occurred during login.' },
  accessGranted: { title: 'Admin Access Granted', text: 'Successfully authenticated as admin.' },
  contactsRestricted: {
    title: 'Access Restricted',
    text: 'Admin authentication required to view contact submissions.',
  },
  signupsRestricted: { title: 'Access Restricted', text: 'Admin authentication required to view email signups.' },
  fetchFailed: { title: 'Error', text: 'Failed to fetch data. Please try again.' },
  loggedOut: { title: 'Logged Out', text: 'Successfully logged out of admin dashboard.' },
  noData: { title: 'No Data', text: 'No data available to export.' },
  // ours
  notConfigured: { title: 'Admin Unavailable', text: 'Admin is not configured.' },
  sessionRequired: { title: 'Access Restricted', text: 'Admin authentication required.' },
  forbidden: { title: 'Forbidden', text: 'This request can only come from the site itself.' },
  badRequest: { title: 'Invalid Request', text: 'The request could not be read.' },
  notFound: { title: 'Not Found', text: 'That entry does not exist. It may have been deleted already.' },
  serverError: { title: 'Error', text: 'Something went wrong on our side. Please try again.' },
  logoutFailed: { title: 'Logout Failed', text: 'Could not reach the server. Please try again.' },
  exportFailed: { title: 'Export Failed', text: 'The file could not be downloaded. Please try again.' },
  deleteFailed: { title: 'Delete Failed', text: 'The entry could not be deleted. Please try again.' },
  contactDeleted: { title: 'Deleted', text: 'The contact submission was deleted.' },
  signupDeleted: { title: 'Deleted', text: 'The email signup was deleted.' },
} as const satisfies Record<string, Notice>;

/** 429 after too many wrong keys (ours); the wait is also in Retry-After. */
export function adminLockedOut(retryAfterSeconds: number): Notice {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return {
    title: 'Too Many Attempts',
    text: `Too many wrong keys. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  };
}

/** The dashboard's labels (ours, except where the spec gives them). */
export const ADMIN_LABELS = {
  loading: 'Loading the dashboard…',
  noScript: 'The dashboard needs JavaScript. Please turn it on for this site and reload the page.',
  gateTitle: 'Admin Access',
  gateIntro: 'Enter the admin key to view contact messages and email sign-ups.',
  keyLabel: 'Admin key',
  submit: 'Access Dashboard',
  submitting: 'Verifying...',
  notConfiguredHelp:
    'Set the ADMIN_KEY environment variable of this deployment to a long random secret (for example from openssl rand -base64 32) and redeploy.',
  signedIn: 'Signed in as admin',
  logout: 'Log Out',
  loggingOut: 'Logging Out...',
  // The stat cards.
  totalContacts: 'Total Contacts',
  emailSignups: 'Email Signups',
  newsletter: 'Newsletter',
  updates: 'Updates',
  movement: 'Movement',
  thisWeek: 'This Week',
  thisWeekHint: 'sign-ups in the last 7 days',
  statsLabel: 'Summary',
  search: 'Search submissions',
  searchPlaceholder: 'Name, email, subject, type or page',
  searchHelp: 'Filters both lists: contacts by name, email or subject; sign-ups by email, type or source page.',
  tabsLabel: 'Submissions',
  contactsTab: 'Contact Submissions',
  signupsTab: 'Email Signups',
  // empty tables.
  contactsEmpty: 'No contact submissions found.',
  signupsEmpty: 'No email signups found.',
  exportCsv: 'Export CSV',
  exporting: 'Exporting...',
  loadMore: 'Load more',
  loadingMore: 'Loading...',
  retry: 'Try again',
  listLoading: 'Loading…',
  listFailed: 'The list could not be loaded.',
  date: 'Date',
  name: 'Name',
  email: 'Email',
  subject: 'Subject',
  message: 'Message',
  type: 'Type',
  sourcePage: 'Source page',
  actions: 'Actions',
  noSubject: '—',
  noSubjectText: 'No subject',
  // a message opened whole
  readMessage: 'Read',
  /** Completes the visible "Read" for screen readers: "Read message from Ada". */
  readMessageOf: (name: string) => `message from ${name}`,
  messageFrom: 'From',
  messageReceived: 'Received',
  reply: 'Reply',
  close: 'Close',
  replySubject: (subject: string | null) => `Re: ${subject ?? 'Your message to Rooted Threads'}`,
  delete: 'Delete',
  deleting: 'Deleting...',
  cancel: 'Cancel',
  confirmContactTitle: 'Delete this contact submission?',
  confirmSignupTitle: 'Delete this email signup?',
  confirmText: 'This erases it permanently, for example at the person’s request. It cannot be undone.',
  /** The delete dialog says whether an e-mail goes out (third audit, item 6; issue 39, item 13). */
  notifyErasure: (email: string) => `They asked for this: e-mail ${email} that it is erased`,
  erasureMailWill: (email: string) => `An e-mail will tell ${email} that their sign-ups were erased.`,
  erasureMailNone: 'No e-mail is sent.',
  erasureMailNever:
    'No e-mail is sent: this address was never confirmed as the sender’s. If they asked, answer them yourself.',
  /** Completes the visible "Delete" for screen readers: "Delete contact submission from Ada". */
  deleteContactOf: (name: string) => `contact submission from ${name}`,
  deleteSignupOf: (type: string, email: string) => `${type} signup of ${email}`,
} as const;

/** The line above each table: "Showing 50 newest contact submissions matching “linen”; load more below." */
export function adminListSummary(kind: 'contacts' | 'signups', shown: string, more: boolean, query: string): string {
  const one = shown === '1';
  const noun =
    kind === 'contacts' ? (one ? 'contact submission' : 'contact submissions') : one ? 'email signup' : 'email signups';
  const matching = query ? ` matching “${query}”` : '';
  return `Showing ${shown}${more ? ' newest' : ''} ${noun}${matching}${more ? '; load more below' : ''}.`;
}
