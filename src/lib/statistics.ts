// Finds the sentences of an MDX body that state a statistic without a citation
// (docs/citations.md). A statistic is a number with a percentage, a unit of measure, a multiplier
// ("6 times", "three-fold", "6×"), a currency, a scale word ("7.4 million") or thousands
// separators ("43,000"). Years, dates, list numbering, headings and small counts ("three steps",
// "19 farms") are not statistics. A sentence is cited when a <Cite /> stands in it or straight
// after its final punctuation. A table is cited by the paragraph that introduces it, straight before
// it: the visual editor cannot hold a citation inside a table cell (tableCitations() finds any).
// The lead and the FAQ answers are front-matter text, where no <Cite /> can stand: the lead states no
// statistic (it names the claim and leaves the figure to the cited body), and every figure in an FAQ
// answer is one the body states in a cited sentence (uncitedFrontMatter()).

/** One uncited statistic: the sentence (markdown stripped) and the figure found in it. */
export interface UncitedStatistic {
  sentence: string;
  figure: string;
  line: number;
}

const NUMBER = String.raw`\d[\d,]*(?:\.\d+)?`;
const SPELLED = String.raw`(?:two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|thirty|forty|fifty|hundred)`;
const UNITS = [
  // mass
  'kg',
  'g',
  'mg',
  'µg',
  't',
  'kt',
  'Mt',
  'Gt',
  'tons?',
  'tonnes?',
  'metric tons?',
  'kilograms?',
  'grams?',
  'pounds?',
  'lbs?',
  'ounces?',
  'oz',
  // volume
  'L',
  'ML',
  'GL',
  'liters?',
  'litres?',
  'megaliters?',
  'megalitres?',
  'gallons?',
  'gal',
  'm³',
  'm3',
  'km³',
  'cubic (?:meters?|metres?|kilometers?|kilometres?)',
  // length and area
  'mm',
  'cm',
  'm',
  'km',
  'µm',
  'nm',
  'microns?',
  'micrometers?',
  'micrometres?',
  'millimeters?',
  'millimetres?',
  'centimeters?',
  'meters?',
  'metres?',
  'kilometers?',
  'kilometres?',
  'miles?',
  'inch(?:es)?',
  'ha',
  'hectares?',
  'acres?',
  // energy, climate, temperature
  'kWh',
  'MWh',
  'MJ',
  'GJ',
  'kg CO₂e',
  'CO₂e',
  '°C',
  '°F',
  'degrees',
  'ppm',
];
const UNIT = `(?:${UNITS.join('|')})`;

/** Each kind of figure, tried in turn; the first match names the figure in the report. */
const FIGURES: RegExp[] = [
  new RegExp(String.raw`${NUMBER}\s?(?:%|per ?cent\b|percent\b)`, 'i'),
  new RegExp(String.raw`(?:[$€£¥]|US\$|USD ?|EUR ?|GBP ?)\s?${NUMBER}`),
  new RegExp(String.raw`${NUMBER}\s?(?:USD|EUR|GBP|MNT|dollars|euros|tugriks?)\b`),
  new RegExp(String.raw`(?:${NUMBER}|${SPELLED})(?:\s|-)?(?:times\b|fold\b|×)`, 'i'),
  new RegExp(String.raw`\b${NUMBER}\s?x\b`),
  new RegExp(String.raw`${NUMBER}(?:\s|-|\u00a0)?${UNIT}(?![\p{L}\d])`, 'u'),
  new RegExp(String.raw`${NUMBER}\s?(?:million|billion|trillion|bn)\b`, 'i'),
  new RegExp(String.raw`\b\d{1,3}(?:,\d{3})+(?!\d)`),
];

const CITE = /<Cite\b[^>]*\/>/g;

/** Markdown and MDX syntax a reader does not see, removed before looking for figures. */
function plain(text: string): string {
  return text
    .replace(CITE, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[*_`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "100% cotton", "100% natural": a label's wording, not a measured share. */
const LABEL_PERCENT = /\b100 ?(?:%|percent\b)/gi;

/** The first figure in a sentence, or undefined. */
export function findFigure(sentence: string): string | undefined {
  const text = plain(sentence).replace(LABEL_PERCENT, ' ');
  for (const re of FIGURES) {
    const m = re.exec(text);
    if (m) return m[0];
  }
  return undefined;
}

/**
 * Splits a paragraph or list item into sentences; a <Cite /> after a sentence's final punctuation
 * belongs to that sentence.
 */
export function sentences(text: string): string[] {
  const out: string[] = [];
  // A boundary: end punctuation, closing quotes, any citations, then space before a capital,
  // digit, quote or emphasis. Abbreviations such as "e.g." are followed by lower case, so they stay.
  const boundary = /[.!?]["”’)]*(?:\s*<Cite\b[^>]*\/>)*(?=\s+["“‘(*_]*[A-Z0-9])/g;
  let start = 0;
  for (const m of text.matchAll(boundary)) {
    const end = m.index + m[0].length;
    out.push(text.slice(start, end).trim());
    start = end;
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

/** Every sentence (or table row) of an MDX body that states a statistic without a citation. */
export function uncitedStatistics(body: string): UncitedStatistic[] {
  const lines = body.replace(/^---\n[\s\S]*?\n---\n/, (fm) => '\n'.repeat(fm.split('\n').length - 1)).split('\n');
  const found: UncitedStatistic[] = [];
  let block: { text: string; line: number } | undefined;
  // Whether the paragraph just before the current position carries a citation (a table's lead-in).
  let previousCited = false;
  let tableCited = false;

  const check = (text: string, line: number) => {
    for (const sentence of sentences(text)) {
      const figure = findFigure(sentence);
      if (figure && !/<Cite\b/.test(sentence)) found.push({ sentence: plain(sentence), figure, line });
    }
  };
  const flush = () => {
    if (block) {
      check(block.text, block.line);
      previousCited = /<Cite\b/.test(block.text);
    }
    block = undefined;
  };

  let inTable = false;
  lines.forEach((raw, i) => {
    const line = raw.trim();
    const n = i + 1;
    const isRow = line.startsWith('|');
    if (!isRow) inTable = false;
    if (line === '' || /^(import|export)\s/.test(line)) return flush();
    if (/^#{1,6}\s/.test(line)) {
      flush(); // headings name topics; they are not cited
      previousCited = false;
      return;
    }
    if (/^<\/?[A-Z][\w.]*[\s/>]/.test(line) && !line.startsWith('<Cite')) return flush(); // block components
    if (/^\{\/\*.*\*\/\}$/.test(line)) return flush(); // MDX comments
    if (isRow) {
      flush();
      if (/^\|?[\s:|-]+\|?$/.test(line)) return; // separator row
      if (!inTable) {
        inTable = true; // the header row names columns
        tableCited = previousCited;
        return;
      }
      const figure = findFigure(line);
      if (figure && !tableCited && !/<Cite\b/.test(line))
        found.push({ sentence: plain(line.replace(/\|/g, ' ')), figure, line: n });
      return;
    }
    previousCited = false;
    const item = /^(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line) ?? /^>\s?(.*)$/.exec(line);
    if (item) {
      flush();
      block = { text: item[1] ?? '', line: n };
      return;
    }
    if (block) block.text += ` ${line}`;
    else block = { text: line, line: n };
  });
  flush();
  return found;
}

/** Lines of a body where a <Cite /> stands inside a table cell, which the visual editor cannot open. */
export function tableCitations(body: string): number[] {
  return body.split('\n').flatMap((line, i) => (line.trim().startsWith('|') && /<Cite\b/.test(line) ? [i + 1] : []));
}

/** Every number stated with a unit, share, multiplier or scale in a text ("17.5%" and "2,700 liters" give 17.5 and 2700). */
function statedNumbers(text: string): number[] {
  const clean = plain(text).replace(LABEL_PERCENT, ' ');
  return FIGURES.flatMap((re) => [...clean.matchAll(new RegExp(re.source, `${re.flags.replace('g', '')}g`))]).flatMap(
    (m) => (m[0].match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((n) => Number(n.replace(/,/g, ''))),
  );
}

/** One figure in the lead or an FAQ answer that breaks the rule above. */
export interface UncitedFrontMatter {
  where: string;
  sentence: string;
  figure: string;
}

/**
 * The lead's sentences that state a statistic, and the FAQ answers' figures that no cited sentence
 * of the body states (a table row counts: its lead-in paragraph carries the citation).
 */
export function uncitedFrontMatter(
  front: { lead?: string; faq?: { a: string }[] },
  body: string,
): UncitedFrontMatter[] {
  const found: UncitedFrontMatter[] = [];
  for (const sentence of sentences(front.lead ?? '')) {
    const figure = findFigure(sentence);
    if (figure) found.push({ where: 'lead', sentence: plain(sentence), figure });
  }
  const cited = new Set(
    body
      .split(/\n\s*\n|\n(?=\s*[-*+|]|\s*\d+[.)]\s)/)
      .flatMap((block) => (block.trim().startsWith('|') ? [block] : sentences(block.replace(/\n/g, ' '))))
      .filter((s) => s.trim().startsWith('|') || /<Cite\b/.test(s))
      .flatMap(statedNumbers),
  );
  (front.faq ?? []).forEach((entry, i) => {
    for (const sentence of sentences(entry.a)) {
      const missing = statedNumbers(sentence).find((n) => !cited.has(n));
      if (missing !== undefined)
        found.push({ where: `FAQ ${i + 1}`, sentence: plain(sentence), figure: String(missing) });
    }
  });
  return found;
}
