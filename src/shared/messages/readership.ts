/** Readership: the collector's answers, the dashboard's Readership view and the weekly e-mail (all ours). */
import type { Notice } from './notice.ts';
import { READERSHIP_TAB_LABELS } from './readership-tab.ts';

export const READERSHIP_NOTICES = {
  badRequest: { title: 'Invalid Request', text: 'This is not a page view of this site.' },
  forbidden: { title: 'Forbidden', text: 'Page views can only be sent from this site.' },
  rateLimited: { title: 'Too Many Requests', text: 'Too many page views from this address; they are not counted.' },
  failed: { title: 'Error', text: 'The page view could not be recorded.' },
} as const satisfies Record<string, Notice>;

export const READERSHIP_LABELS = {
  ...READERSHIP_TAB_LABELS,
  failed: 'The readership could not be loaded.',
  retry: 'Try again',
  period: (days: number) => `Last ${days} days`,
  periodLegend: 'Period',
  visitors: 'Visitors',
  visitorsNote: 'Daily unique visitors, summed: a reader who comes back on another day counts again.',
  views: 'Views',
  previous: 'Period before',
  date: 'Date',
  overTime: 'Visitors and views per day',
  chartSummary: (visitors: number, views: number, prevVisitors: number, prevViews: number) =>
    `${visitors} daily unique visitors (summed) and ${views} views; the period before: ${prevVisitors} and ${prevViews}.`,
  articles: 'Top pages',
  page: 'Page',
  readToEnd: 'Read to the end',
  signups: 'Sign-ups',
  confirmed: 'Confirmed',
  conversion: 'Confirmed ÷ visitors',
  conversionTitle: 'Conversion by page and source',
  source: 'Source',
  channel: 'Channel',
  sources: 'Sources',
  campaigns: 'Campaigns',
  campaign: 'Campaign',
  devices: 'Devices',
  device: 'Device',
  browsers: 'Browsers',
  browser: 'Browser',
  announcements: 'Announcements',
  announcement: 'Announcement',
  visits: 'Visits',
  realtime: 'Last 30 minutes',
  realtimeViews: (views: number, visitors: number) => `${views} views by ${visitors} visitors`,
  capped: (n: number) => `${n} views over the per-visitor daily cap were not counted (a flood from one reader).`,
  refused: (n: number) => `${n} page-view requests refused by the rate limit since the server started.`,
  exportCsv: 'Export CSV',
  empty: 'No views in this period yet.',
  none: 'None',
  privacy:
    'Counted without cookies: a visitor is a hash that changes every day; bots and your own visits are left out.',
} as const;

export const READERSHIP_MAIL = {
  subject: (visitors: number) => `Rooted Threads last week: ${visitors} visitors`,
  heading: 'Last week on Rooted Threads',
  line: (label: string, now: number, before: number) => `${label}: ${now} (the week before: ${before})`,
  visitors: 'Daily unique visitors, summed',
  views: 'Views',
  signups: 'Sign-ups',
  confirmed: 'Confirmed sign-ups',
  topArticles: 'Most read pages',
  article: (title: string, views: number, visitors: number) => `${title}: ${views} views, ${visitors} visitors`,
  dashboard: 'Open the dashboard',
  footer: 'Sent every Monday to the site owner. Turn it off with READERSHIP_WEEKLY_REPORT=off.',
} as const;
