// The key of a stacked chart: each series' colour, name and total, in the stacking order
// (bottom first), so colour is never the only way to tell the series apart.
import type { ChartSeries } from './DailyBarChart.tsx';
import { count } from './format.ts';
import styles from './insights.module.css';

interface Props<K extends string> {
  series: readonly ChartSeries<K>[];
  totals: Record<K, number>;
}

export function ChartLegend<K extends string>({ series, totals }: Props<K>) {
  return (
    <ul className={styles.legend}>
      {series.map((s) => (
        <li key={s.key}>
          <span className={styles.swatch} style={{ background: s.color }} aria-hidden="true" />
          {s.label} <span className={styles.legendCount}>{count(totals[s.key])}</span>
        </li>
      ))}
    </ul>
  );
}
