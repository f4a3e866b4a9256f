/** The Insights view of the dashboard (all ours). */

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
