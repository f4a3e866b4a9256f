// The series of the Insights charts: the three sign-up types (stacked in this order, bottom
// first) and contact messages, each with its colour from insights.module.css.
import { INSIGHTS_LABELS, SIGNUP_TYPES, type SignupType } from '../../shared/messages/index.ts';
import type { ChartSeries } from './DailyBarChart.tsx';

export const SIGNUP_SERIES: readonly ChartSeries<SignupType>[] = SIGNUP_TYPES.map((type) => ({
  key: type,
  label: type,
  color: `var(--series-${type.toLowerCase()})`,
}));

export const CONTACT_SERIES: readonly ChartSeries<'contacts'>[] = [
  { key: 'contacts', label: INSIGHTS_LABELS.contacts, color: 'var(--series-contacts)' },
];
