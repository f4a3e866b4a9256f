// Bars per day, stacked by series, drawn as SVG at the width of its box (measured, so labels are
// never scaled) and at the fixed height the stylesheet reserves, so nothing moves while it loads.
// d3-scale places the bars and finds round ticks; d3-shape stacks the series. The picture is for
// sighted readers: its figure carries a text summary and the same numbers as a table.
import { scaleBand, scaleLinear } from 'd3-scale';
import { stack } from 'd3-shape';
import { axisDate, calendarDate } from './calendarDate.ts';
import { axisTicks } from './axisTicks.ts';
import { count } from './format.ts';
import { useElementWidth } from './useElementWidth.ts';
import styles from './insights.module.css';

export interface ChartSeries<K extends string> {
  key: K;
  label: string;
  /** A CSS colour, e.g. var(--series-updates). */
  color: string;
}

interface Props<K extends string> {
  days: readonly ({ date: string } & Record<K, number>)[];
  series: readonly ChartSeries<K>[];
  /** The accessible name of the picture; its description is the figure's summary. */
  label: string;
  describedBy: string;
}

export const CHART_HEIGHT = 220;
const MARGIN = { top: 10, right: 8, bottom: 26, left: 40 };
/** Room one axis label needs. */
const LABEL_WIDTH = 64;

export function DailyBarChart<K extends string>({ days, series, label, describedBy }: Props<K>) {
  const [box, width] = useElementWidth<HTMLDivElement>();
  const keys = series.map((s) => s.key);
  const layers = stack<{ date: string } & Record<K, number>, K>()
    .keys(keys)
    .value((day, key) => day[key])([...days]);
  const highest = Math.max(1, ...days.map((day) => keys.reduce((sum, key) => sum + day[key], 0)));

  const x = scaleBand<number>()
    .domain(days.map((_, i) => i))
    .range([MARGIN.left, Math.max(MARGIN.left + 1, width - MARGIN.right)]);
  const narrow = x.bandwidth() < 5;
  x.paddingInner(narrow ? 0 : 0.2);
  const y = scaleLinear()
    .domain([0, highest])
    .nice(4)
    .range([CHART_HEIGHT - MARGIN.bottom, MARGIN.top]);
  const yTicks = y.ticks(4).filter(Number.isInteger);
  const xTicks = axisTicks(
    days.map((d) => d.date),
    Math.floor((width - MARGIN.left - MARGIN.right) / LABEL_WIDTH),
  );

  return (
    <div ref={box} className={styles.plot}>
      {width > 0 && (
        <svg
          width={width}
          height={CHART_HEIGHT}
          role="img"
          aria-label={label}
          aria-describedby={describedBy}
          className={styles.svg}
        >
          <g className={styles.grid}>
            {yTicks.map((tick) => (
              <g key={tick} transform={`translate(0,${y(tick)})`}>
                <line x1={MARGIN.left} x2={width - MARGIN.right} />
                <text x={MARGIN.left - 6} dy="0.32em" textAnchor="end">
                  {count(tick)}
                </text>
              </g>
            ))}
          </g>
          {layers.map((layer, i) => (
            <g key={layer.key} fill={series[i]!.color} className={narrow ? undefined : styles.separated}>
              {layer.map((point, index) => {
                const height = y(point[0]) - y(point[1]);
                if (height <= 0) return null;
                const day = days[index]!;
                return (
                  <rect key={day.date} x={x(index)} y={y(point[1])} width={x.bandwidth()} height={height}>
                    <title>{`${calendarDate(day.date)}: ${series[i]!.label} ${count(day[layer.key])}`}</title>
                  </rect>
                );
              })}
            </g>
          ))}
          <g className={styles.axis}>
            <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(0)} y2={y(0)} />
            {xTicks.map(({ index, monthOnly }) => (
              <text
                key={index}
                x={(x(index) ?? 0) + x.bandwidth() / 2}
                y={CHART_HEIGHT - 8}
                textAnchor={index === days.length - 1 ? 'end' : 'middle'}
              >
                {axisDate(days[index]!.date, monthOnly)}
              </text>
            ))}
          </g>
        </svg>
      )}
    </div>
  );
}
