// The body of articles and stories: MDX with the headings and features the site styles, and our
// components (a photo, the mid-article slot, a citation), as the visual editor offers them.
import { fields } from '@keystatic/core';
import { block, inline } from '@keystatic/core/content-components';
import { REFERENCE_ID } from '../src/lib/citations.ts';
import { FIGURE_ALT_MIN } from '../src/shared/figure-rules.ts';

/** One or more reference ids separated by single spaces, as <Cite to="…" /> takes them. */
const CITE_IDS = new RegExp(`^${REFERENCE_ID.source.slice(1, -1)}(?: ${REFERENCE_ID.source.slice(1, -1)})*$`);

/** The body: MDX with the headings and features the site styles, and our one component. */
export const body = fields.mdx({
  label: 'Body',
  description:
    '1,200 to 2,000 words in at least three sections (Heading 2), with at least one list. Links go only to our own pages; sources go in References. Every figure, study finding or quotation gets a Citation (the + menu of the toolbar) straight after its sentence; a table is cited in the sentence before it.',
  options: { heading: [2, 3, 4], image: false, codeBlock: false },
  components: {
    Figure: block({
      label: 'Photo',
      description:
        'A photo in the text, with alt text and an optional caption and credit. Place photos below the first screen; they load as the reader scrolls.',
      schema: {
        src: fields.image({
          label: 'Photo',
          description: 'A JPEG, PNG, WebP or AVIF photo, at least 1000 px wide; the site makes small, fast versions.',
          directory: 'src/assets/art',
          publicPath: '../../assets/art/',
          validation: { isRequired: true },
        }),
        alt: fields.text({
          label: 'Alt text',
          description: `What the photo shows, for readers who cannot see it (at least ${FIGURE_ALT_MIN} characters).`,
          validation: { length: { min: FIGURE_ALT_MIN } },
        }),
        caption: fields.text({ label: 'Caption (optional)', multiline: true }),
        credit: fields.text({
          label: 'Credit (optional)',
          description: 'Who took or owns the photo, e.g. Rooted Threads or the photographer.',
        }),
        license: fields.text({
          label: 'License (optional)',
          description: 'When the photo is not our own: its license, e.g. CC BY 4.0. Use only photos we may publish.',
        }),
      },
    }),
    Midpoint: block({
      label: 'Mid-article slot',
      description:
        'Where the mid-article sign-up and/or house promotion appear. Place it once, between two sections near the middle, when Sign-up forms is Both or Mid-article or the house promotion is on.',
      schema: {},
    }),
    Cite: inline({
      label: 'Citation',
      description:
        'A numbered link to a reference, placed straight after the full stop of the sentence it supports. Give the reference id, or several separated by spaces.',
      // Shown in the text where the citation stands: the ids it points at, as the reader's number will.
      ContentView: ({ value }) => (value.to ? `[${value.to}]` : '[choose a reference]'),
      schema: {
        to: fields.text({
          label: 'Reference id(s)',
          description: 'The id of the reference in References (e.g. sei-2005); several: sei-2005 thevs-2020.',
          validation: {
            length: { min: 1 },
            pattern: { regex: CITE_IDS, message: 'Reference id(s): ids from References, separated by spaces' },
          },
        }),
      },
    }),
  },
});
