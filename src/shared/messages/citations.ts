/** What readers see and hear around citations and corrections (docs/citations.md). */
export const CITATIONS = {
  /** The accessible name of a citation marker: "Reference 3". */
  marker: (n: number) => `Reference ${n}`,
  /** A reference's link back to the one place that cites it. */
  backToOnly: (n: number) => `Back to where reference ${n} is cited`,
  /** A reference's link back to one of several places that cite it. */
  backToNth: (k: number, n: number) => `Back to citation ${k} of reference ${n}`,
  /** Before the byline's revision date: "Updated November 24, 2026". */
  updated: 'Updated',
  /** Heading of the corrections note at the end of a corrected page. */
  corrections: 'Corrections',
} as const;
