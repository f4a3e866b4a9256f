// The dashboard's Readership view (issue 37), loaded with its code when its tab is first opened
// (Dashboard.tsx: React.lazy): the period's visitors and views beside the period before, the top
// pages with read-to-the-end and conversion, conversion by page and source, sources, campaigns,
// devices, announcements and the last 30 minutes. Visitor counts say what they are: daily unique
// visitors, summed over the period.
import { useId, useState } from 'react';
import { READERSHIP_LABELS as L } from '../../../shared/messages/readership.ts';
import {
  DEFAULT_READERSHIP_PERIOD,
  READERSHIP_PERIODS,
  conversionRate,
  type Readership,
  type ReadershipPeriod,
} from '../../../shared/readership-api.ts';
import { ChartFigure } from '../ChartFigure.tsx';
import { calendarDate } from '../calendarDate.ts';
import { count } from '../format.ts';
import { Table } from './Table.tsx';
import { TrendChart } from './TrendChart.tsx';
import { useReadership } from './useReadership.ts';
import insights from '../insights.module.css';
import styles from './readership.module.css';

const share = (part: number, whole: number) => `${(whole > 0 ? (part / whole) * 100 : 0).toFixed(1)}%`;
const rate = (confirmed: number, visitors: number) => `${(conversionRate(confirmed, visitors) * 100).toFixed(1)}%`;

function Period({ value, onChange }: { value: ReadershipPeriod; onChange: (d: ReadershipPeriod) => void }) {
  const name = useId();
  return (
    <fieldset className={insights.periods}>
      <legend className="visually-hidden">{L.periodLegend}</legend>
      {READERSHIP_PERIODS.map((days) => (
        <label key={days} className={insights.period}>
          <input type="radio" name={name} value={days} checked={value === days} onChange={() => onChange(days)} />
          <span>{L.period(days)}</span>
        </label>
      ))}
    </fieldset>
  );
}

function Cards({ r }: { r: Readership }) {
  const cards: [string, string, string][] = [
    [L.visitors, count(r.totals.visitors), `${L.previous}: ${count(r.previous.visitors)}`],
    [L.views, count(r.totals.views), `${L.previous}: ${count(r.previous.views)}`],
    [L.readToEnd, share(r.totals.readToEnd, r.totals.views), ''],
    [L.signups, count(r.totals.signups), `${L.previous}: ${count(r.previous.signups)}`],
    [L.confirmed, count(r.totals.confirmed), `${L.previous}: ${count(r.previous.confirmed)}`],
    [L.conversion, rate(r.totals.confirmed, r.totals.visitors), ''],
  ];
  return (
    <dl className={styles.cards}>
      {cards.map(([label, value, before]) => (
        <div key={label} className={styles.card} data-card={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
          {before && <dd className={styles.note}>{before}</dd>}
        </div>
      ))}
    </dl>
  );
}

function Trend({ r }: { r: Readership }) {
  const summary = L.chartSummary(r.totals.visitors, r.totals.views, r.previous.visitors, r.previous.views);
  return (
    <ChartFigure
      name="readership-trend"
      title={L.overTime}
      summary={summary}
      empty={r.totals.views + r.previous.views === 0 ? L.empty : undefined}
      legend={
        <ul className={insights.legend}>
          <li>
            <span className={`${insights.swatch} ${styles.swatchVisitors}`} /> {L.visitors}
          </li>
          <li>
            <span className={`${insights.swatch} ${styles.swatchViews}`} /> {L.views}
          </li>
          <li>{`- - ${L.previous}`}</li>
        </ul>
      }
      chart={(id) => <TrendChart series={r.series} previous={r.previousSeries} label={L.overTime} describedBy={id} />}
      table={
        <table className={insights.table}>
          <thead>
            <tr>
              <th scope="col">{L.date}</th>
              <th scope="col">{L.visitors}</th>
              <th scope="col">{L.views}</th>
              <th scope="col">{`${L.previous}: ${L.visitors}`}</th>
              <th scope="col">{`${L.previous}: ${L.views}`}</th>
            </tr>
          </thead>
          <tbody>
            {r.series.map((d, i) => (
              <tr key={d.date}>
                <th scope="row">{calendarDate(d.date)}</th>
                <td>{count(d.visitors)}</td>
                <td>{count(d.views)}</td>
                <td>{count(r.previousSeries[i]?.visitors ?? 0)}</td>
                <td>{count(r.previousSeries[i]?.views ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

function Tables({ r }: { r: Readership }) {
  const page = (p: { path: string; title: string | null }) => p.title ?? p.path;
  return (
    <>
      <Table
        name="pages"
        title={L.articles}
        csvName={`readership-pages-${r.days}-days.csv`}
        head={[L.page, L.views, L.visitors, L.readToEnd, L.signups, L.confirmed, L.conversion]}
        rows={r.pages.map((p) => [
          page(p),
          p.views,
          p.visitors,
          share(p.readToEnd, p.views),
          p.signups,
          p.confirmed,
          rate(p.confirmed, p.visitors),
        ])}
      />
      <Table
        name="conversion"
        title={L.conversionTitle}
        csvName={`readership-conversion-${r.days}-days.csv`}
        head={[L.page, L.source, L.visitors, L.signups, L.confirmed, L.conversion]}
        rows={r.conversion.map((c) => [
          page(c),
          c.source,
          c.visitors,
          c.signups,
          c.confirmed,
          rate(c.confirmed, c.visitors),
        ])}
      />
      <Table
        name="sources"
        title={L.sources}
        head={[L.source, L.channel, L.views, L.visitors, L.signups, L.confirmed]}
        rows={r.sources.map((s) => [s.source, s.channel, s.views, s.visitors, s.signups, s.confirmed])}
      />
      <Table
        name="campaigns"
        title={L.campaigns}
        head={[L.campaign, L.source, L.views, L.visitors]}
        rows={r.campaigns.map((c) => [c.name, c.detail, c.views, c.visitors])}
      />
      <Table
        name="announcements"
        title={L.announcements}
        head={[L.announcement, L.visits, L.visitors, L.signups, L.confirmed]}
        rows={r.announcements.map((a) => [a.subject, a.visits, a.visitors, a.signups, a.confirmed])}
      />
      <Table
        name="devices"
        title={L.devices}
        head={[L.device, L.views, L.visitors]}
        rows={r.devices.map((d) => [d.name, d.views, d.visitors])}
      />
      <Table
        name="browsers"
        title={L.browsers}
        head={[L.browser, L.views, L.visitors]}
        rows={r.browsers.map((d) => [d.name, d.views, d.visitors])}
      />
      <Table
        name="realtime"
        title={`${L.realtime}: ${L.realtimeViews(r.realtime.views, r.realtime.visitors)}`}
        head={[L.page, L.views, L.visitors, L.readToEnd]}
        rows={r.realtime.pages.map((p) => [p.path, p.views, p.visitors, p.readToEnd])}
      />
    </>
  );
}

export default function ReadershipView({ onDenied }: { onDenied: () => void }) {
  const [days, setDays] = useState<ReadershipPeriod>(DEFAULT_READERSHIP_PERIOD);
  const { data, loading, failed, refresh } = useReadership(days, onDenied);
  return (
    <div className={styles.readership} aria-busy={loading} data-readership>
      <div className={styles.toolbar}>
        <Period value={days} onChange={setDays} />
        <p className={styles.note}>{L.visitorsNote}</p>
      </div>
      {failed && (
        <p className={insights.failed}>
          {L.failed}{' '}
          <button type="button" className={`button button--ghost`} onClick={refresh}>
            {L.retry}
          </button>
        </p>
      )}
      {!data ? (
        !failed && <p className={styles.note}>{L.loading}</p>
      ) : (
        <>
          <Cards r={data} />
          {data.totals.capped > 0 && <p className={styles.note}>{L.capped(data.totals.capped)}</p>}
          {data.realtime.refused > 0 && <p className={styles.note}>{L.refused(data.realtime.refused)}</p>}
          <Trend r={data} />
          <Tables r={data} />
          <p className={styles.note}>{L.privacy}</p>
        </>
      )}
    </div>
  );
}
