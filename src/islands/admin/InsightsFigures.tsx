// The Insights view's figures for one answer: sign-ups per day stacked by type, contact messages
// per day, and the pages that bring sign-ups; or, when the period holds nothing at all, one plain
// empty state instead of empty axes.
import { useId } from 'react';
import {
  INSIGHTS_LABELS,
  SIGNUP_TYPES,
  contactsSummary,
  growthText,
  signupsSummary,
  type SignupType,
} from '../../shared/messages/index.ts';
import type { Insights, InsightsDay } from '../../shared/admin-api.ts';
import { busiestDay } from './busiestDay.ts';
import { ChartFigure } from './ChartFigure.tsx';
import { ChartLegend } from './ChartLegend.tsx';
import { DailyBarChart } from './DailyBarChart.tsx';
import { DailyTable } from './DailyTable.tsx';
import { count } from './format.ts';
import { CONTACT_SERIES, SIGNUP_SERIES } from './insightsSeries.ts';
import { TopPagesList } from './TopPagesList.tsx';
// The dashboard's shared pieces are its own classes, used directly: a CSS-modules `composes … from`
// another file made Vite warn at every build (docs/decisions.md, "Build warnings").
import admin from './admin.module.css';
import styles from './insights.module.css';

const signupTotal = (day: InsightsDay) => SIGNUP_TYPES.reduce((sum, type) => sum + day[type], 0);

export function InsightsFigures({ insights }: { insights: Insights }) {
  const topPagesId = useId();
  const { days, topPages, totals } = insights;
  const period = days.length;

  if (totals.signups === 0 && totals.contacts === 0) {
    return (
      <div className={styles.emptyState} data-insights-empty>
        <p className={styles.emptyTitle}>{INSIGHTS_LABELS.empty}</p>
        <p className={admin.summary}>{INSIGHTS_LABELS.emptyHint}</p>
      </div>
    );
  }

  const byType = Object.fromEntries(
    SIGNUP_TYPES.map((type) => [type, days.reduce((sum, day) => sum + day[type], 0)]),
  ) as Record<SignupType, number>;

  return (
    <div className={styles.figures}>
      <ChartFigure
        name="signups"
        title={INSIGHTS_LABELS.signupsTitle}
        summary={signupsSummary({
          days: period,
          total: count(totals.signups),
          byType: SIGNUP_TYPES.map((type) => `${type} ${count(byType[type])}`).join(', '),
          growth: growthText(totals.signups, totals.previousPeriod.signups),
          busiest: busiestDay(days, signupTotal),
        })}
        empty={totals.signups === 0 ? INSIGHTS_LABELS.signupsEmpty : undefined}
        legend={<ChartLegend series={SIGNUP_SERIES} totals={byType} />}
        chart={(summaryId) => (
          <DailyBarChart
            days={days}
            series={SIGNUP_SERIES}
            label={INSIGHTS_LABELS.signupsTitle}
            describedBy={summaryId}
          />
        )}
        table={<DailyTable caption={INSIGHTS_LABELS.signupsTitle} days={days} series={SIGNUP_SERIES} />}
      />
      <ChartFigure
        name="contacts"
        title={INSIGHTS_LABELS.contactsTitle}
        summary={contactsSummary({
          days: period,
          total: count(totals.contacts),
          growth: growthText(totals.contacts, totals.previousPeriod.contacts),
          busiest: busiestDay(days, (day) => day.contacts),
        })}
        empty={totals.contacts === 0 ? INSIGHTS_LABELS.contactsEmpty : undefined}
        chart={(summaryId) => (
          <DailyBarChart
            days={days}
            series={CONTACT_SERIES}
            label={INSIGHTS_LABELS.contactsTitle}
            describedBy={summaryId}
          />
        )}
        table={<DailyTable caption={INSIGHTS_LABELS.contactsTitle} days={days} series={CONTACT_SERIES} />}
      />
      <section className={styles.figure} aria-labelledby={topPagesId} data-chart="top-pages">
        <h3 id={topPagesId} className={styles.figureTitle}>
          {INSIGHTS_LABELS.topPagesTitle}
        </h3>
        {topPages.length ? (
          <TopPagesList pages={topPages} />
        ) : (
          <p className={styles.empty} data-empty>
            {INSIGHTS_LABELS.topPagesEmpty}
          </p>
        )}
      </section>
    </div>
  );
}
