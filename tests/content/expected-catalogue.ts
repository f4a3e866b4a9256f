/**
 * The catalogue the specification and the content issues call for: slug, publication date and
 * category. The site never reads this file; it is what the content test holds the MDX files to.
 */
export const EXPECTED_ARTICLES: Record<string, { date: string; category: string }> = {
  'merino-wool-care': { date: '2025-08-04', category: 'Care Guide' },
  'organic-cotton-investment': { date: '2025-08-07', category: 'Sustainable Fashion' },
  'linen-vs-cotton': { date: '2025-08-11', category: 'Sustainable Materials' },
  'synthetic-clothing-chemicals': { date: '2025-08-14', category: 'Health' },
  'polyester-vs-wool-fertility-study': { date: '2025-08-18', category: 'Research' },
  'wool-vs-hemp-winter': { date: '2025-08-20', category: 'Sustainable Materials' },
  'bio-based-fibers': { date: '2025-08-21', category: 'Sustainable Materials' },
  'hemp-vs-cotton': { date: '2025-08-23', category: 'Sustainable Materials' },
  'organic-vs-conventional-cotton': { date: '2025-08-24', category: 'Sustainability' },
  'microplastics-in-clothing': { date: '2025-08-26', category: 'Health' },
  'merino-vs-cashmere': { date: '2025-08-28', category: 'Sustainable Materials' },
  'hemp-denim-future': { date: '2025-08-30', category: 'Sustainable Fashion' },
  'linen-sheets-sustainability': { date: '2025-08-30', category: 'Sustainable Home Textiles' },
  'polyester-carbon-footprint': { date: '2025-09-01', category: 'Sustainability' },
  'plant-based-leather-alternatives': { date: '2025-09-02', category: 'Sustainable Materials' },
  'regenerative-agriculture-fashion': { date: '2025-09-05', category: 'Sustainability' },
  'wool-vs-fleece': { date: '2025-09-08', category: 'Sustainable Materials' },
  'why-fast-fashion-is-failing': { date: '2025-09-08', category: 'Sustainable Fashion' },
  'algae-based-textiles': { date: '2025-09-09', category: 'Sustainable Materials' },
  'cotton-blends-vs-natural-fibers': { date: '2025-09-10', category: 'Education' },
  'economics-fewer-better-clothes': { date: '2025-09-11', category: 'Sustainable Fashion' },
  'hemp-blends': { date: '2025-09-14', category: 'Sustainable Materials' },
  'hidden-cost-of-cotton': { date: '2025-09-16', category: 'Sustainability' },
  'textile-recycling-evolution': { date: '2025-09-16', category: 'Sustainability' },
  'fashion-water-problem': { date: '2025-09-16', category: 'Sustainability' },
  'wool-original-performance-fabric': { date: '2025-09-26', category: 'Sustainable Materials' },
  'beyond-vegan-leather': { date: '2025-10-06', category: 'Sustainable Materials' },
  'regenerative-wardrobe-guide': { date: '2025-10-09', category: 'Education' },
};

/** Signup placements the spec fixes for particular pages. */
export const EXPECTED_SIGNUPS: Record<string, string> = {
  'hemp-vs-cotton': 'both',
  'merino-vs-cashmere': 'end',
};
