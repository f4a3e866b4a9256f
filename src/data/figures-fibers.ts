// The register's figures for hemp's water, microplastics, wool, the 2022 sorting study and bio-leathers
// (src/data/figures.ts explains the register).
import { TOWARDS, UNSUPPORTED, type RecurringFigure } from './figure-types.ts';

export const FIBER_FIGURES: RecurringFigure[] = [
  {
    id: 'hemp-water-saving',
    fact: 'How much less water hemp needs than cotton',
    statement:
      /(\d+)(?:\s*(?:-|–|to)\s*\d+)?\s?(?:%|percent)\s+(?:less|lower)\s+(?:[\w-]+\s+){0,3}?(?:water|irrigation)/gi,
    about: /\bhemp\b/i,
    values: [
      {
        value: 38,
        unit: '%',
        year: '2023',
        scope: 'lower crop water requirement (28 sources pooled)',
        source: 'Journal of Agrometeorology 25(3), 2023',
      },
      {
        value: 60,
        unit: '%',
        year: '2023',
        scope: 'lower water footprint',
        source: 'Journal of Agrometeorology 25(3), 2023',
      },
      {
        value: 84,
        unit: '%',
        year: '2023',
        scope: 'lower crop irrigation requirement',
        source: 'Journal of Agrometeorology 25(3), 2023',
      },
      {
        value: 91,
        unit: '%',
        year: '2023',
        scope: 'lower irrigated water footprint',
        source: 'Journal of Agrometeorology 25(3), 2023',
      },
      {
        value: 30,
        unit: '%',
        year: '2019',
        scope: 'cultivation water cut by a 70/30 cotton-hemp denim with rain-fed hemp',
        source:
          "Levi Strauss & Co. release on Levi's Wellthread x Outerknown, 11 March 2019 (repeated by Sourcing Journal)",
        sentenceMust: /denim|jeans|blend|70/i,
      },
      {
        value: 50,
        unit: '%',
        year: '—',
        scope: 'only as the popular claim the pages examine; no study we could read gives it',
        source:
          "(claim; a hemp retailer's page says it, Kind Hemp Co., n.d.; the 2005 SEI report is often named, its tables not read)",
        sentenceMust: /["“]|claim|line|round|popular|often|flat|repeated/i,
      },
    ],
  },
  {
    id: 'microplastics-ocean-share',
    fact: 'Share of ocean microplastics from synthetic textiles',
    statement: new RegExp(
      String.raw`(\d+(?:\.\d+)?)${TOWARDS}\s?(?:%|percent)\s+of\s+(?:[\w'’-]+\s+){0,4}?(?:ocean\s+)?microplastics?\b`,
      'gi',
    ),
    values: [
      {
        value: 35,
        unit: '%',
        year: '2017 / 2022',
        scope:
          'of primary microplastics (IUCN), or the top of the EEA global range 16-35%, or the claim being examined',
        source: 'Boucher & Friot, IUCN 2017; EEA 2022',
        sentenceMust: /primary|16|claim|often|widely|"|“|may have read|you (?:may|might) have/i,
      },
      {
        value: 34.8,
        unit: '%',
        year: '2017',
        scope: 'of primary microplastics released to the oceans',
        source: 'Boucher & Friot, IUCN 2017',
        sentenceMust: /primary/i,
      },
      {
        value: 16,
        unit: '%',
        year: '2022',
        scope: 'bottom of the EEA global range (16-35%)',
        source: 'EEA briefing, 10 Feb 2022',
      },
      {
        value: 8,
        unit: '%',
        year: '2022',
        scope: 'of European microplastic releases to the ocean',
        source: 'EEA briefing, 10 Feb 2022',
      },
      {
        value: 9,
        unit: '%',
        year: '2023',
        scope: 'about 9% of ocean microplastic (UNEP summary)',
        source: 'UNEP Global Roadmap 2023, via UN summary',
      },
      {
        value: 90,
        unit: '%',
        year: '2021',
        scope: 'laundering as up to 90% of primary microplastics (review)',
        source: 'Heliyon review, 2021',
        sentenceMust: /primary/i,
      },
    ],
  },
  {
    id: 'wool-moisture-regain',
    fact: 'Water vapor wool holds, as a share of its dry weight',
    statement: new RegExp(
      String.raw`(\d+(?:\.\d+)?)${TOWARDS}\s?(?:%|percent)\s+of\s+its\s+(?:own\s+)?(?:dry\s+)?weight\b`,
      'gi',
    ),
    values: [
      {
        value: 14,
        unit: '%',
        year: '2008 (reference table)',
        scope: 'regain at 65% RH and 20 °C, a laboratory standard',
        source: 'Morton & Hearle 2008, via Bioresources and Bioprocessing 2020, Table 10',
      },
      {
        value: 16,
        unit: '%',
        year: '2008 / n.d.',
        scope:
          '16-18%, listed beside 14% in the same table (Morton & Hearle 2008) at 65% RH; 16% is the trade standard regain (AWTA)',
        source: 'Bioresources and Bioprocessing 2020; AWTA glossary',
      },
      {
        value: 18,
        unit: '%',
        year: '2008 / 1909',
        scope: 'upper end of 16-18% at 65% RH; 18-20% in the 1909 study',
        source: 'Bioresources and Bioprocessing 2020; Trans. NZ Inst. 42, 1909',
      },
      {
        value: 20,
        unit: '%',
        year: '1909',
        scope: '18-20% for clean wool fiber from the air',
        source: 'Trans. NZ Inst. 42, 1909',
      },
      {
        value: 30,
        unit: '%',
        year: 'n.d.',
        scope: '"up to 30%" without feeling wet, humidity not stated (industry)',
        source: 'AWTA glossary; Woolmark copy',
      },
      {
        value: 35,
        unit: '%',
        year: 'n.d.',
        scope: '"up to 35%", humidity not stated (industry)',
        source: 'IWTO, Breathability',
      },
    ],
    forbidden: [
      {
        pattern: /(?:ordinary|normal|everyday)\s+(?:indoor|room)\s+air|room air/i,
        why: 'the reference values are measured at 65% relative humidity and 20 °C, a laboratory standard, not room air',
      },
    ],
  },
  {
    id: 'sorting-study-blend-share',
    fact: 'Share of blends among the low-value textiles scanned in the 2022 Sorting for Circularity Europe study',
    statement: /\bblends?\b[^.;%]{0,40}?(\d+(?:\.\d+)?)\s?(?:%|percent)/gi,
    about: /Fashion for Good|Circle Economy|sorting study|sorters|scann|report's|launch/i,
    values: [
      {
        value: 29,
        unit: '%',
        year: '2021-22',
        scope: "of the low-value textiles scanned, by the report's conclusions (11% polyester-cotton)",
        source:
          'Fashion for Good and Circle Economy, Sorting for Circularity Europe (2022), Conclusion and Recommendations',
        sentenceMust: /\breport/i,
      },
      {
        value: 32,
        unit: '%',
        year: '2021-22',
        scope: "only as the launch coverage's figure (12% polyester-cotton), named as such",
        source: 'Resource and SGI Europe on the report, 2022',
        sentenceMust: /launch|coverage|released|reported/i,
      },
    ],
  },
  {
    id: 'sorting-study-fiber-to-fiber',
    fact: 'Share the sorters in the 2022 Sorting for Circularity Europe study sent to fiber-to-fiber recycling',
    // "sent only about 2% of what they sorted", or "2% of post-consumer textiles were going to fiber-to-fiber"
    // (not the shares the same sentences give for wipes and downcycling)
    statement:
      /\b(?:sent|sends|send|going|goes|go|went|diverted)\b[^.;%]{0,30}?(\d+(?:\.\d+)?)\s?(?:%|percent)(?!\s+(?:went\s+)?to\s+(?:wipes|downcycl))|\b(\d+(?:\.\d+)?)\s?(?:%|percent)\s+of\s+[^.;%]{0,60}?\b(?:sent|sends|send|going|goes|go|went|diverted|are|were|is|was)\s+(?:\w+\s+)?to\s+fib(?:er|re)-to-fib(?:er|re)/gi,
    about: /fiber-to-fiber|fibre-to-fibre/i,
    values: [
      {
        value: 2,
        unit: '%',
        year: '2021-22',
        scope: 'of the total volume the participating sorters sorted, not of all post-consumer textiles',
        source:
          'Fashion for Good and Circle Economy, Sorting for Circularity Europe (2022), Conclusion and Recommendations',
        sentenceMust: /\bsorters\b|\bsorted\b/i,
      },
    ],
    forbidden: [
      {
        pattern:
          /\b2\s?(?:%|percent)\s+of\s+(?:all\s+)?(?:the\s+)?(?:post-consumer|used|discarded)\s+(?:textiles|clothing|clothes)/i,
        why: "the report's 2% is a share of what the participating sorters sorted, not of all post-consumer textiles",
      },
    ],
  },
  {
    id: 'bio-leather-premium',
    fact: 'Price premium of plant- and fungus-based leathers',
    statement:
      /(\d+)(?:\s*(?:-|–|to)\s*\d+)?\s?(?:%|percent)(?=[^.]*\b(?:premium|more expensive|costs?|more|price)\b)(?=[^.]*\b(?:leathers?|bio-?leathers?|mycelium|mushroom)\b)/gi,
    values: [
      {
        value: 20,
        unit: '%',
        year: '—',
        scope: 'only as the unsupported "20-40%" claim: we found no reliable figure for the premium',
        source: '(none found; see docs/fact-check-24-four-articles.md and the source notes)',
        sentenceMust: UNSUPPORTED,
      },
      {
        value: 40,
        unit: '%',
        year: '—',
        scope: 'only as the top of the unsupported "20-40%" claim',
        source: '(none found)',
        sentenceMust: UNSUPPORTED,
      },
      {
        value: 30,
        unit: '%',
        year: '—',
        scope: 'only as the unsourced "30-50%" market-research claim, named as unsourced',
        source: '(unsourced market-research page; not cited)',
        sentenceMust: UNSUPPORTED,
      },
      {
        value: 50,
        unit: '%',
        year: '—',
        scope: 'only as the top of the unsourced "30-50%" claim',
        source: '(unsourced market-research page; not cited)',
        sentenceMust: UNSUPPORTED,
      },
    ],
  },
];
