// The four stat cards. Until the numbers arrive (or if they never do) each shows a dash.
import { ADMIN_LABELS } from '../../shared/messages.ts';
import type { Stats } from '../../shared/admin-api.ts';
import { count } from './format.ts';
import styles from './admin.module.css';

export function StatCards({ stats }: { stats: Stats | null }) {
  const value = (n: number | undefined) => (n === undefined ? '—' : count(n));
  return (
    <section aria-label={ADMIN_LABELS.statsLabel} aria-busy={stats === null}>
      <dl className={styles.stats}>
        <div className={styles.stat}>
          <dt>{ADMIN_LABELS.totalContacts}</dt>
          <dd className={styles.statValue}>{value(stats?.totalContacts)}</dd>
        </div>
        <div className={styles.stat}>
          <dt>{ADMIN_LABELS.emailSignups}</dt>
          <dd className={styles.statValue}>{value(stats?.emailSignups)}</dd>
        </div>
        <div className={styles.stat}>
          <dt>{ADMIN_LABELS.newsletter}</dt>
          <dd className={styles.statValue}>{value(stats?.newsletter)}</dd>
          <dd className={styles.statNote}>
            {ADMIN_LABELS.updates} {value(stats?.updates)} · {ADMIN_LABELS.movement} {value(stats?.movement)}
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
