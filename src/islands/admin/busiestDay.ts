// The day with the most entries of a period, for a chart's summary; null when every day is zero.
// Ties go to the earlier day.
import type { InsightsDay } from '../../shared/admin-api.ts';
import { calendarDate } from './calendarDate.ts';
import { count } from './format.ts';

export function busiestDay(
  days: readonly InsightsDay[],
  total: (day: InsightsDay) => number,
): { date: string; count: string } | null {
  let best: InsightsDay | null = null;
  for (const day of days) if (total(day) > 0 && (!best || total(day) > total(best))) best = day;
  return best ? { date: calendarDate(best.date), count: count(total(best)) } : null;
}
