// The small parts of the content schema (src/content-schema.ts): a text of a rule's length, a day,
// an https address, and the optional groups an entry may carry (corrections, the call-to-action
// card, the announcement bar), which are the same in a draft and a published entry.
import { z } from 'astro/zod';
import { SHARED_FIELDS, type TextRule } from './content-fields.ts';

/** Complete (published or scheduled) or a draft. */
export type Completeness = 'published' | 'draft';

/** A date written as YYYY-MM-DD in front-matter (YAML may already have made it a Date). */
export const isoDate = z.coerce.date({ error: 'write the date as YYYY-MM-DD, for example 2025-08-04' });

export const httpsUrl = z
  .url({ protocol: /^https$/, error: 'must be a full web address starting with https://' })
  .describe('A stable https URL');

/** Text of the rule's length (a draft's may be shorter), with a message that says what is missing. */
export function text({ what, min, max }: Pick<TextRule, 'what' | 'min' | 'max'>, mode: Completeness = 'published') {
  let base = z.string({ error: `${what} is missing` });
  if (mode === 'published')
    base = base.min(min, {
      error: (issue) =>
        issue.input === '' ? `${what} is missing` : `${what} is too short: write at least ${min} characters`,
    });
  return max === undefined ? base : base.max(max, `${what} is too long: keep it to ${max} characters or fewer`);
}

/** One correction: what was wrong and what the page says now, dated. */
const correction = z.strictObject({
  /** The day the correction was made, YYYY-MM-DD. */
  date: isoDate,
  /** One or two sentences: what the page said, what it says now, and why. */
  text: text({ what: 'a correction note', min: 20, max: 600 }),
});

/** Corrections shown at the end of the page; each needs updatedDate on or after its date. */
export const corrections = z
  .array(correction, { error: 'corrections must be a list of notes, each with a date and a text' })
  .optional();

/** An entry with corrections shows "Updated <date>": updatedDate must be set, not before the latest one. */
export function correctionsNeedUpdatedDate(
  data: { updatedDate?: Date; corrections?: { date: Date }[] },
  ctx: z.core.$RefinementCtx,
) {
  const latest = Math.max(...(data.corrections ?? []).map((c) => c.date.getTime()));
  if (data.corrections?.length && (!data.updatedDate || data.updatedDate.getTime() < latest))
    ctx.addIssue({
      code: 'custom',
      path: ['updatedDate'],
      message: 'a page with corrections needs updatedDate, on or after the date of its latest correction',
    });
}

const SITE_PATH_OR_HTTPS = /^(\/|https:\/\/)/;

/** A call-to-action card shown after the body. */
export const ctaCard = z.strictObject({
  title: text(SHARED_FIELDS.ctaTitle),
  text: text(SHARED_FIELDS.ctaText),
  href: z
    .string({ error: 'the CTA card link is missing' })
    .regex(SITE_PATH_OR_HTTPS, 'the CTA card link must be a site path such as /articles or an https:// address'),
  label: text(SHARED_FIELDS.ctaLabel),
});

/** A thin bar shown above the header of one page. */
export const announcement = z.strictObject({
  text: text(SHARED_FIELDS.announcementText),
  href: z
    .string()
    .regex(SITE_PATH_OR_HTTPS, 'the announcement link must be a site path such as /articles or an https:// address')
    .optional(),
  label: z.string().optional(),
});
