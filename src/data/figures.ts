// One home per figure (issue 38): the recurring figures of the catalogue, each value with its unit,
// year, scope and source, stated once. tests/content/figures.test.ts reads every article and story
// (body, lead and FAQ) and fails when a sentence states one of these facts with a value, or in a
// scope, that is not recorded here. To change a figure, record it first (figures-cotton.ts,
// figures-fibers.ts), then change the pages.
// docs/citations.md ("One home per figure") explains the rules.

import { COTTON_FIGURES } from './figures-cotton.ts';
import { FIBER_FIGURES } from './figures-fibers.ts';
import type { RecurringFigure } from './figure-types.ts';

export type { RecordedValue, RecurringFigure } from './figure-types.ts';

/** The register: cotton's figures, then the other fibers' (one file each, to keep files short). */
export const FIGURES: RecurringFigure[] = [...COTTON_FIGURES, ...FIBER_FIGURES];
