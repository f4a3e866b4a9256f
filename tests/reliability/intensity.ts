// How hard the reliability suite pushes. Every scenario runs on each submission (`npm run
// test:reliability`, in .ci/run) at submission intensity: fewer crash rounds, a shorter load, fewer
// fuzz runs, the same fixed seeds. `npm run test:reliability:full` (RELIABILITY_INTENSITY=full) runs
// the full parameters; docs/benchmarks.md records both and a full run's figures.
export const FULL = process.env.RELIABILITY_INTENSITY === 'full';

/** The submission value, or the full one under RELIABILITY_INTENSITY=full. */
export const intensity = <T>(submission: T, full: T): T => (FULL ? full : submission);

/** Property runs: a fifth of the full number on a submission. */
export const fuzzRuns = (full: number): number => intensity(Math.ceil(full / 5), full);
