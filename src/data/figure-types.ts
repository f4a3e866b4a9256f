// The shape of the figures register (src/data/figures.ts) and the patterns its entries share.

/** One recorded value of a recurring fact. */
export interface RecordedValue {
  value: number;
  unit: string;
  /** The year (or years) the value describes. */
  year: string;
  /** What the value is a share or amount of, in plain words. */
  scope: string;
  /** The source, named as the pages cite it. */
  source: string;
  /**
   * When set, a sentence stating this value must also match this pattern, e.g. the word "primary"
   * for the IUCN microplastics share, or wording that marks a figure as a claim being examined.
   */
  sentenceMust?: RegExp;
}

/** A recurring fact: how a sentence about it is recognized, and the values recorded for it. */
export interface RecurringFigure {
  id: string;
  fact: string;
  /**
   * Finds each statement of the fact in a sentence; capture group 1 is the number (a range
   * "12.34-17.5%" is matched once per number by the range handling in src/lib/figures.ts).
   */
  statement: RegExp;
  values: RecordedValue[];
  /** When set, only sentences matching this are about the fact (e.g. liters in a sentence about a shirt). */
  about?: RegExp;
  /** Wording a sentence stating the fact must not use (a wrong scope). */
  forbidden?: { pattern: RegExp; why: string }[];
}

/** Wording that marks a figure as one we could not support. */
export const UNSUPPORTED =
  /no reliable|not found|found no|unsupported|no source|unsourced|do not quote|don't quote|so we do not/i;

export const TOWARDS = String.raw`(?:\s*(?:-|–|to|and)\s*\d[\d,]*(?:\.\d+)?)?`;
