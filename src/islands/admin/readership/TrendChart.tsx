// Visitors and views per day as lines, with the period before dashed beside them (day 1 of this
// period over day 1 of the one before), drawn with the dashboard's d3 pieces (d3-scale, d3-shape)
// at the measured width of its box, so it reads at 375 px. The figure around it carries the text
// summary and the table (../ChartFigure.tsx).
import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import type { ReadershipDay } from '../../../shared/readership-api.ts';
import { axisDate } from '../calendarDate.ts';
import { axisTicks } from '../axisTicks.ts';
import { count } from '../format.ts';
import { useElementWidth } from '../useElementWidth.ts';
import insights from '../insights.module.css';
import styles from './readership.module.css';

interface Props {
  series: readonly ReadershipDay[];
  previous: readonly ReadershipDay[];
  label: string;
  describedBy: string;
}

const HEIGHT = 220;
const MARGIN = { top: 10, right: 8, bottom: 26, left: 44 };

export const TREND_LINES = [
  { key: 'views', prev: false, className: styles.views },
  { key: 'visitors', prev: false, className: styles.visitors },
  { key: 'views', prev: true, className: `${styles.views} ${styles.previous}` },
  { key: 'visitors', prev: true, className: `${styles.visitors} ${styles.previous}` },
] as const;

export function TrendChart({ series, previous, label, describedBy }: Props) {
  const [box, width] = useElementWidth<HTMLDivElement>();
  const all = [...series, ...previous];
  const highest = Math.max(1, ...all.map((d) => Math.max(d.views, d.visitors)));
  const x = scaleLinear()
    .domain([0, Math.max(1, series.length - 1)])
    .range([MARGIN.left, Math.max(MARGIN.left + 1, width - MARGIN.right)]);
  const y = scaleLinear()
    .domain([0, highest])
    .nice(4)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const path = (days: readonly ReadershipDay[], key: 'views' | 'visitors') =>
    line<ReadershipDay>()
      .x((_, i) => x(i))
      .y((d) => y(d[key]))(days as ReadershipDay[]) ?? '';
  const ticks = axisTicks(
    series.map((d) => d.date),
    Math.floor((width - MARGIN.left - MARGIN.right) / 64),
  );
  return (
    <div ref={box} className={insights.plot}>
      {width > 0 && (
        <svg
          width={width}
          height={HEIGHT}
          role="img"
          aria-label={label}
          aria-describedby={describedBy}
          className={insights.svg}
        >
          <g className={insights.grid}>
            {y
              .ticks(4)
              .filter(Number.isInteger)
              .map((tick) => (
                <g key={tick} transform={`translate(0,${y(tick)})`}>
                  <line x1={MARGIN.left} x2={width - MARGIN.right} />
                  <text x={MARGIN.left - 6} dy="0.32em" textAnchor="end">
                    {count(tick)}
                  </text>
                </g>
              ))}
          </g>
          {TREND_LINES.map((l) => (
            <path key={`${l.key}-${l.prev}`} className={l.className} d={path(l.prev ? previous : series, l.key)} />
          ))}
          <g className={insights.axis}>
            <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(0)} y2={y(0)} />
            {ticks.map(({ index, monthOnly }) => (
              <text key={index} x={x(index)} y={HEIGHT - 8} textAnchor={index === series.length - 1 ? 'end' : 'middle'}>
                {axisDate(series[index]!.date, monthOnly)}
              </text>
            ))}
          </g>
        </svg>
      )}
    </div>
  );
}
