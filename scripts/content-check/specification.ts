// What the specification (and the content issues after it) fix about particular pieces: the 28
// articles and 3 stories it names, with their dates, categories and placements. The editor's check
// (rules.ts) holds those files to these facts; any number of further articles is welcome and held
// only to the general rules. The site never reads this file.

export interface SpecArticle {
  /** Publication day, YYYY-MM-DD. */
  date: string;
  category: string;
  /** Sign-up placement, where the specification fixes one. */
  signups?: 'both' | 'mid' | 'end' | 'none';
  /** Related articles shown (2 unless the specification says otherwise). */
  related?: number;
  /** The page carries the extra component above the header (the announcement bar). */
  announcement?: true;
}

export const SPEC_ARTICLES: Readonly<Record<string, SpecArticle>> = {
  'merino-wool-care': { date: '2025-08-04', category: 'Care Guide' },
  'organic-cotton-investment': { date: '2025-08-07', category: 'Sustainable Fashion' },
  'linen-vs-cotton': { date: '2025-08-11', category: 'Sustainable Materials' },
  'synthetic-clothing-chemicals': { date: '2025-08-14', category: 'Health' },
  'polyester-vs-wool-fertility-study': { date: '2025-08-18', category: 'Research' },
  'wool-vs-hemp-winter': { date: '2025-08-20', category: 'Sustainable Materials' },
  'bio-based-fibers': { date: '2025-08-21', category: 'Sustainable Materials' },
  'hemp-vs-cotton': { date: '2025-08-23', category: 'Sustainable Materials', signups: 'both' },
  'organic-vs-conventional-cotton': { date: '2025-08-24', category: 'Sustainability' },
  'microplastics-in-clothing': { date: '2025-08-26', category: 'Health' },
  'merino-vs-cashmere': { date: '2025-08-28', category: 'Sustainable Materials', signups: 'end' },
  'hemp-denim-future': { date: '2025-08-30', category: 'Sustainable Fashion' },
  'linen-sheets-sustainability': { date: '2025-08-30', category: 'Sustainable Home Textiles' },
  'polyester-carbon-footprint': { date: '2025-09-01', category: 'Sustainability' },
  'plant-based-leather-alternatives': { date: '2025-09-02', category: 'Sustainable Materials' },
  'regenerative-agriculture-fashion': { date: '2025-09-05', category: 'Sustainability' },
  'wool-vs-fleece': { date: '2025-09-08', category: 'Sustainable Materials' },
  'why-fast-fashion-is-failing': { date: '2025-09-08', category: 'Sustainable Fashion' },
  'algae-based-textiles': { date: '2025-09-09', category: 'Sustainable Materials', announcement: true },
  'cotton-blends-vs-natural-fibers': { date: '2025-09-10', category: 'Education', related: 3 },
  'economics-fewer-better-clothes': { date: '2025-09-11', category: 'Sustainable Fashion' },
  'hemp-blends': { date: '2025-09-14', category: 'Sustainable Materials' },
  'hidden-cost-of-cotton': { date: '2025-09-16', category: 'Sustainability' },
  'textile-recycling-evolution': { date: '2025-09-16', category: 'Sustainability' },
  'fashion-water-problem': { date: '2025-09-16', category: 'Sustainability' },
  'wool-original-performance-fabric': { date: '2025-09-26', category: 'Sustainable Materials' },
  'beyond-vegan-leather': { date: '2025-10-06', category: 'Sustainable Materials' },
  'regenerative-wardrobe-guide': { date: '2025-10-09', category: 'Education' },
};

export interface SpecStory {
  title: string;
  tagline: string;
  /** Place of the card on the home page. */
  order: number;
}

export const SPEC_STORIES: Readonly<Record<string, SpecStory>> = {
  'cotton-revolution': {
    title: 'The Cotton Revolution',
    tagline: 'How organic farming is changing everything',
    order: 1,
  },
  'wool-superpowers': {
    title: "Wool's Hidden Superpowers",
    tagline: "The science behind nature's performance fabric",
    order: 2,
  },
  'plant-power': { title: 'Plant Power', tagline: 'Linen and hemp are making a comeback', order: 3 },
};

/** Related articles an article shows: 2, or what the specification fixes for it. */
export const relatedCount = (slug: string) => SPEC_ARTICLES[slug]?.related ?? 2;
