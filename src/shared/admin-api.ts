/**
 * The admin API's contract: paths, limits and the shapes of its answers. The dashboard island and
 * the functions (server/admin/) both import it, so the two cannot drift apart. No runtime code of
 * either side lives here.
 */
import type { Notice, SignupType } from './messages/index.ts';
import type { SignupStatus } from './messages/subscriptions.ts';
import type { StaffIdentity } from './staff-api.ts';

export const ADMIN_API = {
  session: '/api/admin/session',
  stats: '/api/admin/stats',
  contacts: '/api/admin/contacts',
  signups: '/api/admin/signups',
  insights: '/api/admin/insights',
  consent: '/api/admin/consent',
} as const;

export type ListKind = 'contacts' | 'signups';

/** The export file names. */
export const CSV_FILE_NAMES: Record<ListKind, string> = {
  contacts: 'contact-submissions.csv',
  signups: 'email-signups.csv',
};

/** Rows per page the dashboard asks for, and the most a client may ask for. */
export const PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
/** Longest search text accepted (longer is refused with 400; no field we search is longer). */
export const MAX_QUERY_LENGTH = 254;

/** Timestamps are ISO 8601 in UTC with microseconds, as Postgres keeps them. */
export interface ContactRow {
  id: string;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  source_page: string;
  submitted_at: string;
}

export interface SignupRow {
  id: string;
  /** null once the reader unsubscribed: the row then keeps only a keyed hash of the address. */
  email: string | null;
  signup_type: SignupType;
  source_page: string;
  status: SignupStatus;
  submitted_at: string;
}

export interface RowOf {
  contacts: ContactRow;
  signups: SignupRow;
}

/** One page of a list, newest first; `nextCursor` asks for the page after it (null: the last). */
export interface Page<T> {
  rows: T[];
  nextCursor: string | null;
}

/** The stat cards. `thisWeek`: sign-ups of the last 7 × 24 hours. */
export interface Stats {
  totalContacts: number;
  emailSignups: number;
  /** Each list's active subscribers: confirmed sign-ups, not those waiting or gone. */
  newsletter: number;
  updates: number;
  movement: number;
  thisWeek: number;
  /** Sign-ups whose reader confirmed (or that were stored confirmed: SIGNUP_CONFIRMATION=single). */
  confirmed: number;
  /** Of the sign-ups that were ever asked to confirm, how many did, even if they left since (the rate). */
  confirmation: { asked: number; confirmed: number };
}

/** One event of an address's consent history (docs/subscriptions.md). */
export interface ConsentEventRow {
  signup_type: SignupType;
  event: 'subscribed' | 'confirmed' | 'unsubscribed' | 'resubscribed' | 'erased';
  channel: string;
  source_page: string | null;
  consent_version: string | null;
  client_hash: string | null;
  occurred_at: string;
}

export interface ConsentHistory {
  events: ConsentEventRow[];
}

/** The periods the insights view offers, in days ending today (in the site's time zone). */
export const INSIGHTS_PERIODS = [30, 90, 365] as const;
export type InsightsPeriod = (typeof INSIGHTS_PERIODS)[number];
/** The period asked for when `?days=` is absent. */
export const DEFAULT_INSIGHTS_PERIOD: InsightsPeriod = 30;
/** How many source pages `topPages` lists at most. */
export const TOP_PAGES = 10;

/** One calendar day in the site's time zone: sign-ups by type, and contact messages. */
export type InsightsDay = { date: string; contacts: number } & Record<SignupType, number>;

/**
 * A page readers signed up on, with its title from the build's page list; or, with `source_page`
 * and `title` null, every other path sign-ups named, counted together (the build does not know
 * them: a retired page, or whatever a stranger posted), shown without a link.
 */
/**
 * The source page of a sign-up a reader started again from the preferences page (ticking a list
 * back on): not a page of the site, so it is named in words and never linked (it needs a token).
 */
export const PREFERENCES_SOURCE = '/api/subscriptions/preferences';

export type TopPage =
  | { source_page: string; title: string; signups: number }
  | {
      source_page: null;
      title: null;
      signups: number;
    };

export interface InsightsTotals {
  signups: number;
  contacts: number;
  /** The same counts over the period of equal length just before. */
  previousPeriod: { signups: number; contacts: number };
}

/**
 * GET /api/admin/insights?days=30|90|365. `days` holds one entry per calendar day of the period,
 * oldest first, ending today (days without any entry included, as zeros); dates are `YYYY-MM-DD`
 * in `timeZone`. `topPages`: the known pages with the most sign-ups in the period, most first (at
 * most TOP_PAGES), then the "other" count when there is one.
 */
export interface Insights {
  timeZone: string;
  days: InsightsDay[];
  topPages: TopPage[];
  totals: InsightsTotals;
}

/**
 * GET/POST /api/admin/session when signed in. `role: "admin"` is the spec's mark of a dashboard
 * session; who it is and in which staff role (issue 36: src/shared/staff-api.ts) come beside it.
 */
export interface SessionInfo extends StaffIdentity {
  role: 'admin';
}

/**
 * Every error answer: `{error: {title, text}}`. GET /api/admin/session's 401 adds `demoKeyFile`
 * (where the generated key is kept; never the key) in local demo mode only (`npm start` without
 * ADMIN_KEY), to a browser on that machine.
 */
export interface ErrorAnswer {
  error: Notice;
  demoKeyFile?: string;
}
