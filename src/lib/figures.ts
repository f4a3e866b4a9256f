// Checks that a page states each recurring figure as src/data/figures.ts records it: every
// statement of a recorded fact (body sentences, table cells, the lead and the FAQ answers) must give
// a recorded value, in the recorded scope. docs/citations.md, "One home per figure".
import { FIGURES, type RecurringFigure } from '../data/figures.ts';
import { sentences } from './statistics.ts';

/** One statement of a recurring fact that the register does not record. */
export interface FigureMismatch {
  figure: string;
  where: string;
  sentence: string;
  problem: string;
}

/** What a reader sees of a line of MDX: components, links and emphasis removed. */
function plain(text: string): string {
  return text
    .replace(/<[^>]+>/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The numbers a statement gives, before its unit ("12.34-17.5% of ..." gives 12.34 and 17.5). */
function numbersIn(statement: string): number[] {
  const head = statement.split(/%|percent|liters?|litres?/i)[0] ?? '';
  return (head.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((n) => Number(n.replace(/,/g, '')));
}

function checkSentence(figure: RecurringFigure, sentence: string, where: string): FigureMismatch[] {
  const out: FigureMismatch[] = [];
  const text = plain(sentence);
  if (figure.about && !figure.about.test(text)) return out;
  let stated = false;
  for (const m of text.matchAll(new RegExp(figure.statement.source, figure.statement.flags))) {
    stated = true;
    for (const n of numbersIn(m[0])) {
      const recorded = figure.values.find((v) => Math.abs(v.value - n) < 1e-9);
      if (!recorded) {
        const known = figure.values.map((v) => `${v.value}${v.unit === '%' ? '%' : ` ${v.unit}`} (${v.year})`);
        out.push({
          figure: figure.id,
          where,
          sentence: text,
          problem: `states ${n}, which is not recorded; recorded: ${known.join(', ')}`,
        });
      } else if (recorded.sentenceMust && !recorded.sentenceMust.test(text)) {
        out.push({
          figure: figure.id,
          where,
          sentence: text,
          problem: `states ${n} outside its recorded scope: ${recorded.scope}`,
        });
      }
    }
  }
  if (stated)
    for (const f of figure.forbidden ?? [])
      if (f.pattern.test(text)) out.push({ figure: figure.id, where, sentence: text, problem: f.why });
  return out;
}

/** The sentences of an MDX body, table cells included, each with its line number in the file. */
function bodySentences(body: string, firstLine: number): { text: string; line: number }[] {
  return body.split('\n').flatMap((raw, i) => {
    const line = raw.trim();
    const cells = line.startsWith('|') ? line.split('|').filter((c) => c.trim()) : [line];
    return cells.flatMap((c) => sentences(c).map((text) => ({ text, line: firstLine + i })));
  });
}

/** Every statement of a recurring figure in a piece (body, lead, FAQ answers) that the register does not record. */
export function unrecordedFigures(
  piece: { body: string; lead?: string; faq?: { a: string }[] },
  bodyFirstLine = 1,
): FigureMismatch[] {
  const texts = [
    ...bodySentences(piece.body, bodyFirstLine).map((s) => ({ text: s.text, where: `line ${s.line}` })),
    ...sentences(piece.lead ?? '').map((text) => ({ text, where: 'lead' })),
    ...(piece.faq ?? []).flatMap((q, i) => sentences(q.a).map((text) => ({ text, where: `FAQ ${i + 1}` }))),
  ];
  return texts.flatMap((t) => FIGURES.flatMap((f) => checkSentence(f, t.text, t.where)));
}
