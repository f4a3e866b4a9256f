// Which days of a period get a label under a daily chart: today and every week (or fortnight)
// before it on short periods, the first day of each month on a year, thinned to what fits.

export interface AxisTick {
  /** Index of the day in the period. */
  index: number;
  /** Label the month alone (a month's first day on a long period). */
  monthOnly: boolean;
}

export function axisTicks(dates: readonly string[], maxLabels: number): AxisTick[] {
  const fit = Math.max(1, maxLabels);
  if (dates.length > 120) {
    const firsts = dates.flatMap((date, index) => (date.endsWith('-01') ? [index] : []));
    const step = Math.ceil(firsts.length / fit);
    return firsts.filter((_, i) => i % step === 0).map((index) => ({ index, monthOnly: true }));
  }
  const step = Math.max(7, Math.ceil(Math.ceil(dates.length / fit) / 7) * 7);
  const ticks: AxisTick[] = [];
  for (let index = dates.length - 1; index >= 0; index -= step) ticks.unshift({ index, monthOnly: false });
  return ticks;
}
