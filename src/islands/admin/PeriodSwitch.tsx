// The period of the Insights view: native radio buttons (one tab stop, the arrow keys move and
// select), drawn as a segmented control.
import { useId } from 'react';
import { INSIGHTS_LABELS } from '../../shared/messages/index.ts';
import { INSIGHTS_PERIODS, type InsightsPeriod } from '../../shared/admin-api.ts';
import styles from './insights.module.css';

interface Props {
  value: InsightsPeriod;
  onChange: (days: InsightsPeriod) => void;
}

export function PeriodSwitch({ value, onChange }: Props) {
  const name = useId();
  return (
    <fieldset className={styles.periods}>
      <legend className="visually-hidden">{INSIGHTS_LABELS.periodLegend}</legend>
      {INSIGHTS_PERIODS.map((days) => (
        <label key={days} className={styles.period}>
          <input type="radio" name={name} value={days} checked={value === days} onChange={() => onChange(days)} />
          <span>{INSIGHTS_LABELS.period(days)}</span>
        </label>
      ))}
    </fieldset>
  );
}
