/**
 * Every user-facing string of the sign-up and contact forms, defined once. The islands, the
 * functions and the tests import these; the product spec's strings are copied
 * exactly, apostrophes included. Strings the spec does not give are marked "ours".
 */

export interface Notice {
  title: string;
  text: string;
}

export const SIGNUP_TYPES = ['Updates', 'Newsletter', 'Movement'] as const;
export type SignupType = (typeof SIGNUP_TYPES)[number];

export type Placement = 'home' | 'footer' | 'mid' | 'end';

export interface PlacementText {
  signupType: SignupType;
  /** Button label while idle; home, footer are ours (the spec gives only mid and end). */
  button: string;
  /** Button label while the request is in flight. */
  submitting: string;
  success: Notice;
  /**
   * How a failure other than a duplicate reads: home and footer always show the fixed
   * text; article pages show the error's own message (the server's answer text) or a fallback.
   */
  failure: 'fixed' | 'own-message';
}

export const PLACEMENTS: Record<Placement, PlacementText> = {
  home: {
    signupType: 'Updates',
    button: 'Sign Up',
    submitting: 'Signing Up...',
    success: { title: "You're in!", text: "We'll keep you updated on the movement. Thank you for joining!" },
    failure: 'fixed',
  },
  footer: {
    signupType: 'Newsletter',
    button: 'Subscribe',
    submitting: 'Subscribing...',
    success: { title: 'Welcome aboard!', text: "You've been added to our newsletter. Thank you for joining!" },
    failure: 'fixed',
  },
  mid: {
    signupType: 'Updates',
    button: 'Send Me Updates',
    submitting: 'Signing Up...',
    success: { title: "You're in!", text: "We'll send you fresh insights from the product." },
    failure: 'own-message',
  },
  end: {
    signupType: 'Movement',
    button: 'Join the Movement',
    submitting: 'Joining...',
    success: { title: 'Welcome to the movement!', text: 'Thank you for joining us in changing how clothing is made.' },
    failure: 'own-message',
  },
};

export const CONTACT = {
  button: 'Send Message', // ours
  submitting: 'Sending...',
  success: { title: 'Message Sent!', text: "Thank you for reaching out. We'll get back to you soon." },
  failure: { title: 'Error', text: 'Failed to submit contact form. Please try again.' },
} as const;

/** Field labels (ours: the spec names the fields but not their labels). */
export const LABELS = {
  email: 'Email address',
  emailPlaceholder: 'you@example.com',
  name: 'Name',
  subject: 'Subject',
  message: 'Message',
  required: 'required',
  optional: 'optional',
  honeypot: 'Leave this field empty',
} as const;

/** The duplicate sign-up (code 23505; the title is ours: README, "Decisions"). */
export const DUPLICATE_SIGNUP: Notice = {
  title: 'Already Signed Up',
  text: "You're already signed up for this type of updates!",
};

/** Any other sign-up failure. */
export const SIGNUP_FAILURE: Notice = { title: 'Signup Error', text: 'Failed to sign up. Please try again.' };
/** Article pages show the error's own message, or this when there is none. */
export const SIGNUP_FAILURE_FALLBACK = 'Failed to sign up.';

/** Why a submission was refused: validation and the request problems of our API. */
export const PROBLEMS = {
  emailRequired: { title: 'Email Required', text: 'Please enter your email address.' },
  invalidEmail: { title: 'Invalid Email', text: 'Please enter a valid email address.' },
  missingInformation: { title: 'Missing Information', text: 'Please fill in all required fields.' },
  // ours: the inputs' maxlength stops this in a browser; a pasted or scripted entry can still hit it.
  tooLong: {
    title: 'Too Long',
    text: 'Please shorten your entry: names up to 100 characters, subjects up to 150 and messages up to 5,000.',
  },
  // ours: a body that is not the form (wrong types, unknown fields, unreadable JSON).
  badRequest: { title: 'Invalid Request', text: 'The form could not be read. Please reload the page and try again.' },
} as const satisfies Record<string, Notice>;
export type ProblemKey = keyof typeof PROBLEMS;

/** 405 (ours): which methods an address answers. */
export function methodNotAllowedNotice(allow: readonly string[]): Notice {
  return { title: 'Method Not Allowed', text: `Use ${allow.join(' or ')}.` };
}

/** Answers of the API that are not about the form's content (all ours). */
export const API_ERRORS = {
  // The exact wait is in the Retry-After header; the text stays static so the no-JavaScript page
  // can show it too.
  rateLimited: { title: 'Too Many Attempts', text: 'Please wait a few minutes and try again.' },
  forbidden: { title: 'Forbidden', text: 'This form can only be sent from our own site.' },
  payloadTooLarge: { title: 'Too Large', text: 'The form is too large to send. Please shorten it and try again.' },
  unsupportedType: { title: 'Unsupported Format', text: 'Please send the form as JSON or as a web form.' },
  misdirected: { title: 'Misdirected Request', text: 'This server does not answer for that address.' },
} as const satisfies Record<string, Notice>;

// ---------------------------------------------------------------------------------------------
// Admin: the owner's dashboard on /admin. The spec's toasts are copied exactly;
// the rest is ours.
// ---------------------------------------------------------------------------------------------

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
  delete: 'Delete',
  deleting: 'Deleting...',
  cancel: 'Cancel',
  confirmContactTitle: 'Delete this contact submission?',
  confirmSignupTitle: 'Delete this email signup?',
  confirmText: 'This erases it permanently, for example at the person’s request. It cannot be undone.',
  /** Completes the visible "Delete" for screen readers: "Delete contact submission from Ada". */
  deleteContactOf: (name: string) => `contact submission from ${name}`,
  deleteSignupOf: (type: string, email: string) => `${type} signup of ${email}`,
} as const;

/** The Insights view (all ours). */
export const INSIGHTS_LABELS = {
  tab: 'Insights',
  periodLegend: 'Period',
  period: (days: number) => `Last ${days} days`,
  loading: 'Loading the insights…',
  failed: 'The insights could not be loaded.',
  signupsTitle: 'Sign-ups per day',
  contactsTitle: 'Contact messages per day',
  topPagesTitle: 'Pages that bring sign-ups',
  showTable: 'Show the numbers as a table',
  date: 'Date',
  total: 'Total',
  contacts: 'Contact messages',
  page: 'Page',
  signups: 'Sign-ups',
  signupsEmpty: 'No sign-ups in this period yet. When readers sign up, their days show here.',
  contactsEmpty: 'No contact messages in this period yet.',
  topPagesEmpty: 'No page has brought a sign-up in this period yet.',
  empty: 'Nothing to show yet: no sign-ups or contact messages in this period.',
  emptyHint: 'Sign-ups and messages appear here as they arrive, counted per day.',
  timeZone: (zone: string) => `Days are calendar days in ${zone.replace(/_/g, ' ')}.`,
  growthNote: 'Change on the period of the same length just before.',
} as const;

/** "up 12%", "down 5%", "no change", "new" (nothing before), "none" (nothing either time). */
export function growthText(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? 'none in either period' : 'new: none the period before';
  const change = Math.round(((current - previous) / previous) * 100);
  if (change === 0) return 'no change on the period before';
  return `${change > 0 ? 'up' : 'down'} ${Math.abs(change)}% on the period before`;
}

/** A stat card's line for the period: "Last 30 days: 12, up 50% on the period before" ("Last 30 days: —" while loading). */
export function periodNote(days: number, current: string, growth?: string): string {
  return `Last ${days} days: ${current}${growth ? `, ${growth}` : ''}`;
}

/** The text summary of the sign-ups chart (what a screen reader hears instead of the bars). */
export function signupsSummary(args: {
  days: number;
  total: string;
  byType: string;
  growth: string;
  busiest: { date: string; count: string } | null;
}): string {
  const { days, total, byType, growth, busiest } = args;
  const busy = busiest ? ` The busiest day was ${busiest.date}, with ${busiest.count}.` : '';
  return `${total} sign-ups in the last ${days} days (${byType}), ${growth}.${busy}`;
}

/** The text summary of the contacts chart. */
export function contactsSummary(args: {
  days: number;
  total: string;
  growth: string;
  busiest: { date: string; count: string } | null;
}): string {
  const { days, total, growth, busiest } = args;
  const busy = busiest ? ` The busiest day was ${busiest.date}, with ${busiest.count}.` : '';
  return `${total} contact messages in the last ${days} days, ${growth}.${busy}`;
}

/** The line above each table: "Showing 50 newest contact submissions matching “linen”; load more below." */
export function adminListSummary(kind: 'contacts' | 'signups', shown: string, more: boolean, query: string): string {
  const one = shown === '1';
  const noun =
    kind === 'contacts' ? (one ? 'contact submission' : 'contact submissions') : one ? 'email signup' : 'email signups';
  const matching = query ? ` matching “${query}”` : '';
  return `Showing ${shown}${more ? ' newest' : ''} ${noun}${matching}${more ? '; load more below' : ''}.`;
}
