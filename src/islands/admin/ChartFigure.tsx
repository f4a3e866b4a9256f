// One chart of the Insights view as a figure: its title, a text summary (the chart's description
// for assistive technology, and a plain reading for everyone), the picture, and the same numbers
// as a table behind a disclosure that the keyboard reaches. An empty period shows its message in
// the chart's place, at the same height, instead of empty axes.
import { useId, type ReactNode } from 'react';
import { INSIGHTS_LABELS } from '../../shared/messages/index.ts';
// The dashboard's shared pieces are its own classes, used directly: a CSS-modules `composes … from`
// another file made Vite warn at every build (docs/decisions.md, "Build warnings").
import admin from './admin.module.css';
import styles from './insights.module.css';

interface Props {
  title: string;
  summary: string;
  /** Set when there is nothing to draw: shown instead of the chart and the table. */
  empty?: string;
  /** The legend, above the picture. */
  legend?: ReactNode;
  chart: (summaryId: string) => ReactNode;
  table: ReactNode;
  /** Marks the figure for tests and styles, e.g. "signups". */
  name: string;
}

export function ChartFigure({ title, summary, empty, legend, chart, table, name }: Props) {
  const id = useId();
  const titleId = `${id}-title`;
  const summaryId = `${id}-summary`;
  return (
    <figure className={styles.figure} aria-labelledby={titleId} data-chart={name}>
      <figcaption className={styles.caption}>
        <h3 id={titleId} className={styles.figureTitle}>
          {title}
        </h3>
        <p id={summaryId} className={styles.chartSummary} data-summary>
          {summary}
        </p>
      </figcaption>
      {empty ? (
        <p className={styles.empty} data-empty>
          {empty}
        </p>
      ) : (
        <>
          {legend}
          {chart(summaryId)}
          <details className={styles.details}>
            <summary>{INSIGHTS_LABELS.showTable}</summary>
            <div className={`${admin.focusRing} ${styles.tableScroll}`} role="region" aria-label={title} tabIndex={0}>
              {table}
            </div>
          </details>
        </>
      )}
    </figure>
  );
}
