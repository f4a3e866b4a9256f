import { WORDS_PER_MINUTE } from '../site';

/** Whole minutes to read `words` words (at least one). */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
