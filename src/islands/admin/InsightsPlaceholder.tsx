// The Insights view's shape at its final height while its code or its first answer loads, so
// nothing moves when they arrive. `withSwitch`: also hold the period switch's place (while the
// view's code loads, the switch is not there yet).
// The dashboard's shared pieces are its own classes, used directly: a CSS-modules `composes … from`
// another file made Vite warn at every build (docs/decisions.md, "Build warnings").
import admin from './admin.module.css';
import styles from './insights.module.css';

export function InsightsPlaceholder({ withSwitch = false }: { withSwitch?: boolean }) {
  const figures = (
    <div className={styles.figures} aria-hidden="true" data-insights-placeholder>
      {[0, 1].map((i) => (
        <div key={i} className={styles.figure}>
          <div className={styles.skeletonLine} />
          <div className={styles.skeletonLine} />
          <div className={styles.skeletonPlot} />
        </div>
      ))}
    </div>
  );
  if (!withSwitch) return figures;
  return (
    <div className={styles.insights}>
      <div className={admin.panelHead}>
        <div className={styles.switchPlaceholder} />
      </div>
      {figures}
    </div>
  );
}
