// The Insights view: the period switch, the calendar the days are counted in, and the figures.
// Loaded on its own (React.lazy in Dashboard.tsx) the first time the owner opens the tab, so the
// chart code never weighs on the rest of the dashboard. The last answer stays while another
// period loads; until the first, placeholders hold the figures' place.
import { ADMIN_LABELS, INSIGHTS_LABELS } from '../../shared/messages/index.ts';
import type { InsightsPeriod } from '../../shared/admin-api.ts';
import { InsightsFigures } from './InsightsFigures.tsx';
import { InsightsPlaceholder } from './InsightsPlaceholder.tsx';
import { PeriodSwitch } from './PeriodSwitch.tsx';
import type { InsightsState } from './useInsights.ts';
// The dashboard's shared pieces are its own classes, used directly: a CSS-modules `composes … from`
// another file made Vite warn at every build (docs/decisions.md, "Build warnings").
import admin from './admin.module.css';
import styles from './insights.module.css';

interface Props {
  state: InsightsState;
  period: InsightsPeriod;
  onPeriod: (days: InsightsPeriod) => void;
}

export default function InsightsView({ state, period, onPeriod }: Props) {
  const { insights, loading, failed, refresh } = state;
  return (
    <div className={styles.insights} aria-busy={loading} data-insights>
      <div className={admin.panelHead}>
        <PeriodSwitch value={period} onChange={onPeriod} />
        {insights && <p className={admin.summary}>{INSIGHTS_LABELS.timeZone(insights.timeZone)}</p>}
      </div>
      <p role="status" className="visually-hidden">
        {loading ? INSIGHTS_LABELS.loading : ''}
      </p>
      {insights ? (
        <InsightsFigures insights={insights} />
      ) : failed ? (
        <p className={styles.failed}>
          {INSIGHTS_LABELS.failed}{' '}
          <button type="button" className={admin.linkButton} onClick={refresh}>
            {ADMIN_LABELS.retry}
          </button>
        </p>
      ) : (
        <InsightsPlaceholder />
      )}
    </div>
  );
}
