// The four stat cards. Until the numbers arrive (or if they never do) each shows a dash. The
// contacts and sign-ups cards also show the Insights period's count and its change on the period
// before (a dash until it arrives; the line is always there, so the cards never change height).
import { ADMIN_LABELS, growthText, periodNote } from '../../shared/messages/index.ts';
import type { InsightsTotals, Stats } from '../../shared/admin-api.ts';
import { count } from './format.ts';
import { SUBSCRIPTION_ADMIN_LABELS } from '../../shared/messages/subscriptions.ts';
import styles from './admin.module.css';

export interface PeriodTotals {
  days: number;
  totals: InsightsTotals;
}

interface Props {
  stats: Stats | null;
  period: PeriodTotals | null;
  /** The period chosen, for the line's label while its numbers load. */
  days: number;
}

export function StatCards({ stats, period, days }: Props) {
  const value = (n: number | undefined) => (n === undefined ? '—' : count(n));
  const growth = (kind: 'signups' | 'contacts') =>
    period
      ? periodNote(
          period.days,
          count(period.totals[kind]),
          growthText(period.totals[kind], period.totals.previousPeriod[kind]),
        )
      : periodNote(days, '—');
  return (
    <section aria-label={ADMIN_LABELS.statsLabel} aria-busy={stats === null}>
      <dl className={styles.stats}>
        <div className={styles.stat}>
          <dt>{ADMIN_LABELS.totalContacts}</dt>
          <dd className={styles.statValue}>{value(stats?.totalContacts)}</dd>
          <dd className={styles.statNote} data-growth="contacts">
            {growth('contacts')}
          </dd>
        </div>
        <div className={styles.stat}>
          <dt>{ADMIN_LABELS.emailSignups}</dt>
          <dd className={styles.statValue}>{value(stats?.emailSignups)}</dd>
          <dd className={styles.statNote} data-confirmed>
            {SUBSCRIPTION_ADMIN_LABELS.confirmedOf(value(stats?.confirmed))}
          </dd>
          <dd className={styles.statNote} data-growth="signups">
            {growth('signups')}
          </dd>
        </div>
        <div className={styles.stat}>
          <dt>{ADMIN_LABELS.newsletter}</dt>
          <dd className={styles.statValue}>{value(stats?.newsletter)}</dd>
          <dd className={styles.statNote}>
            {ADMIN_LABELS.updates} {value(stats?.updates)} · {ADMIN_LABELS.movement} {value(stats?.movement)}
          </dd>
          <dd className={styles.statNote} data-active-note>
            {SUBSCRIPTION_ADMIN_LABELS.activeSubscribers}
          </dd>
        </div>
        <div className={styles.stat}>
          <dt>{ADMIN_LABELS.thisWeek}</dt>
          <dd className={styles.statValue}>{value(stats?.thisWeek)}</dd>
          <dd className={styles.statNote}>{ADMIN_LABELS.thisWeekHint}</dd>
        </div>
      </dl>
    </section>
  );
}
