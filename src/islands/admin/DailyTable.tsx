// The numbers behind a daily chart as a table: one row per day, one column per series (and their
// total when there are several), newest day first.
import type { ChartSeries } from './DailyBarChart.tsx';
import { INSIGHTS_LABELS } from '../../shared/messages/index.ts';
import { calendarDate } from './calendarDate.ts';
import { count } from './format.ts';
import styles from './insights.module.css';

interface Props<K extends string> {
  caption: string;
  days: readonly ({ date: string } & Record<K, number>)[];
  series: readonly ChartSeries<K>[];
}

export function DailyTable<K extends string>({ caption, days, series }: Props<K>) {
  const withTotal = series.length > 1;
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{INSIGHTS_LABELS.date}</th>
          {series.map((s) => (
            <th key={s.key} scope="col">
              {s.label}
            </th>
          ))}
          {withTotal && <th scope="col">{INSIGHTS_LABELS.total}</th>}
        </tr>
      </thead>
      <tbody>
        {[...days].reverse().map((day) => (
          <tr key={day.date} data-date={day.date}>
            <th scope="row">
              <time dateTime={day.date}>{calendarDate(day.date)}</time>
            </th>
            {series.map((s) => (
              <td key={s.key} data-key={s.key}>
                {count(day[s.key])}
              </td>
            ))}
            {withTotal && <td>{count(series.reduce((sum, s) => sum + day[s.key], 0))}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
