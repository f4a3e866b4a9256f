// The register's cotton figures (src/data/figures.ts explains the register).
import { TOWARDS, type RecurringFigure } from './figure-types.ts';

export const COTTON_FIGURES: RecurringFigure[] = [
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
        year: '2007 report; 2008 in the fact sheet',
        scope:
          'world insecticide sales ("in terms of sales"; EJF: "by market share"); popularized by EJF/PAN UK 2007, whose report predates the fact sheet\'s 2008 figure',
        source: 'EJF 2007; organic-trade fact sheet (the same 16% for 2008 sales)',
      },
      { value: 14, unit: '%', year: '2009', scope: 'world insecticide sales', source: 'ICAC SEEP, via AgroPages 2012' },
      {
        value: 17.5,
        unit: '%',
        year: '2012',
        scope: 'world insecticide sales (the release gives "by value" for the all-pesticide 6.2%)',
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
        source: 'Kooistra et al., Wageningen UR, 2006; also EJF, Cotton and Pesticides (n.d.)',
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
];
