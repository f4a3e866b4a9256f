// One home per figure (issue 38): the recurring figures of the catalogue, each value with its unit,
// year, scope and source, stated once. tests/content/figures.test.ts reads every article and story
// (body, lead and FAQ) and fails when a sentence states one of these facts with a value, or in a
// scope, that is not recorded here. To change a figure, change it here first, then on the pages.
// docs/citations.md ("One home per figure") explains the rules.

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

/** Wording that marks a figure as a claim the page examines, not as the page's own statement. */
export const AS_A_CLAIM =
  /["“”]|\bclaims?\b|\bline\b|\boften\b|\bfamous\b|\bwidely\b|\brepeated\b|\bpopular|\bquotes?\b|\bsaid\b|\bflat\b/i;

/** Wording that marks a figure as one we could not support. */
const UNSUPPORTED =
  /no reliable|not found|found no|unsupported|no source|unsourced|do not quote|don't quote|so we do not/i;

const TOWARDS = String.raw`(?:\s*(?:-|–|to|and)\s*\d[\d,]*(?:\.\d+)?)?`;

export const FIGURES: RecurringFigure[] = [
  {
    id: 'cotton-insecticide-share',
    fact: "Cotton's share of world insecticide sales",
    statement: new RegExp(
      String.raw`(\d+(?:\.\d+)?)${TOWARDS}\s?(?:%|percent)\s+of\s+(?:[\w'’-]+\s+){0,4}?insecticides?\b`,
      'gi',
    ),
    values: [
      {
        value: 25,
        unit: '%',
        year: '2006',
        scope: 'insecticides (share as stated, basis not given)',
        source: 'Kooistra et al., Wageningen UR, 2006',
      },
      {
        value: 20,
        unit: '%',
        year: '1990s',
        scope: 'insecticides used in agriculture',
        source: 'ICAC SEEP, via AgroPages 2012',
      },
      {
        value: 16,
        unit: '%',
        year: '2008',
        scope: 'world insecticide sales by value; popularized by EJF/PAN UK 2007',
        source: 'EJF 2007; organic-trade fact sheet (2008 sales)',
      },
      { value: 14, unit: '%', year: '2009', scope: 'world insecticide sales', source: 'ICAC SEEP, via AgroPages 2012' },
      {
        value: 17.5,
        unit: '%',
        year: '2012',
        scope: 'world insecticide sales by value',
        source: 'ICAC citing Cropnosis (2013 release)',
      },
      {
        value: 12.34,
        unit: '%',
        year: '2017',
        scope: 'world insecticide sales by value',
        source: 'Organic Trade Association fact sheet, Cotton and the Environment',
      },
    ],
  },
  {
    id: 'cotton-pesticide-share',
    fact: "Cotton's share of all pesticide (plant-protection) sales",
    statement: new RegExp(
      String.raw`(\d+(?:\.\d+)?)${TOWARDS}\s?(?:%|percent)\s+of\s+(?:[\w'’-]+\s+){0,4}?(?:pesticides?|plant-protection|crop-protection)\b`,
      'gi',
    ),
    values: [
      {
        value: 11,
        unit: '%',
        year: '1991',
        scope: 'world plant-protection sales by value (also Kooistra 2006: pesticides)',
        source: 'ICAC citing Cropnosis; Kooistra et al. 2006',
      },
      {
        value: 7,
        unit: '%',
        year: '2008',
        scope: 'world pesticide sales',
        source: 'organic-trade fact sheet (2008 sales)',
      },
      {
        value: 6,
        unit: '%',
        year: '2012',
        scope: 'rounded 6.2%: world plant-protection sales by value',
        source: 'ICAC citing Cropnosis',
      },
      {
        value: 6.2,
        unit: '%',
        year: '2012',
        scope: 'world plant-protection sales by value',
        source: 'ICAC citing Cropnosis (2013 release)',
      },
      {
        value: 6.35,
        unit: '%',
        year: '2017',
        scope: 'world plant-protection sales by value',
        source: 'Organic Trade Association fact sheet, Cotton and the Environment',
      },
      {
        value: 5,
        unit: '%',
        year: '2021',
        scope: 'under 5% of world pesticide sales (industry view)',
        source: 'Bremen Cotton Exchange, 2021',
      },
      {
        value: 16,
        unit: '%',
        year: '—',
        scope: 'only as the misquoted "16% of all pesticides"',
        source: '(a misquotation the pages name as wrong)',
        sentenceMust: /wrong|misquot|mis-?stated|overstat|not\b|avoid|selling|"16%/i,
      },
    ],
  },
  {
    id: 'cotton-land-share',
    fact: "Cotton's share of the world's crop land",
    statement: new RegExp(
      String.raw`(\d+(?:\.\d+)?)${TOWARDS}\s?(?:%|percent)\s+of\s+(?:[\w'’-]+\s+){0,4}?(arable land|farmland|cultivated land|cropland|agricultural (?:land|area))\b`,
      'gi',
    ),
    values: [
      {
        value: 2.4,
        unit: '%',
        year: 'mid-2000s',
        scope: 'world arable land, about 31 million hectares',
        source: 'Kooistra et al., Wageningen UR, 2006',
      },
      { value: 2.5, unit: '%', year: '2007', scope: "world's cultivated land", source: 'EJF/PAN UK 2007' },
      {
        value: 2.78,
        unit: '%',
        year: '2017/18',
        scope: 'world arable land, 31.865 million hectares',
        source: 'Organic Trade Association fact sheet, Cotton and the Environment',
      },
      {
        value: 2.8,
        unit: '%',
        year: '2017/18',
        scope: 'rounded 2.78% of arable land',
        source: 'Organic Trade Association fact sheet',
      },
      {
        value: 3,
        unit: '%',
        year: '2012',
        scope: 'about 3% (ICAC: water use proportional to its arable-land share)',
        source: 'ICAC SEEP, via AgroPages 2012',
      },
    ],
    forbidden: [
      {
        pattern: /%\s+of\s+(?:[\w'’-]+\s+){0,4}?agricultural (?:land|area)/i,
        why: "cotton's land shares are shares of arable (crop) land; all agricultural land, with pasture, is far larger",
      },
    ],
  },
  {
    id: 'cotton-tshirt-water',
    fact: 'Water to grow the cotton for one T-shirt',
    // A per-kilogram figure ("10,000 liters per kilogram of fiber") is not a per-shirt figure.
    statement: /(\d{1,2},\d{3})[\s-]*(?:liters?|litres?)\b(?!\s+(?:per|a|for each)\s+(?:kilogram|kg))/gi,
    about: /\b(?:t-shirts?|shirts?)\b/i,
    values: [
      {
        value: 2700,
        unit: 'L',
        year: '2013-2014',
        scope: 'global-average water footprint of the cotton in one T-shirt, rain and dilution included',
        source: 'WWF 2013 video; WWF World Wildlife magazine, spring 2014',
      },
      {
        value: 2500,
        unit: 'L',
        year: '2011',
        scope: 'about 10,000 L per kg of fiber, per T-shirt',
        source: 'Mekonnen & Hoekstra 2011, as summarized by the Water Playbook',
      },
      {
        value: 20000,
        unit: 'L',
        year: '2011',
        scope: '"more than 20,000 liters" (WWF, superseded)',
        source: 'WWF International, Help us save the t-shirt, 2011',
      },
      {
        value: 2000,
        unit: 'L',
        year: '2021',
        scope: 'low end of the estimates Simon Ferrigno had seen (2,000 to 20,000)',
        source: 'The Water Network, 2021',
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
        scope: '16-18% in some sources at 65% RH; 16% is the trade standard regain (AWTA)',
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
