// Whether an admin key can resist guessing. The log-in throttle slows guessing online; only a key
// nobody can guess makes it hopeless, so a weak ADMIN_KEY is refused: `npm start` will not start
// with one, and on Netlify the admin functions answer 503 as if none were set.
//
// The judge is zxcvbn (the maintained TypeScript port, @zxcvbn-ts, with its common and English
// dictionaries): it finds what people type instead of a secret (words, names, dates, keyboard
// rows, l33t spellings, repeats, sequences) and estimates how many guesses a cracker needs. Its
// own "score 4" starts at 10^10 guesses, which lets phrases like "correcthorsebatterystaple" and
// "RootedThreads!2026" through; we ask for 10^20 (about 66 bits), which random keys of 20 or more
// characters pass and which `openssl rand -base64 32` (256 bits) passes by far
// (docs/threat-model.md).
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEn from '@zxcvbn-ts/language-en';

export const MIN_KEY_LENGTH = 16;
/** log10 of the fewest guesses zxcvbn must estimate for a key. */
export const MIN_GUESSES_LOG10 = 20;
/**
 * zxcvbn's time grows with the square of the length (about 1.5 s for a 44-character key here);
 * the first 64 characters decide: more characters can only make a key harder to guess.
 */
const JUDGED_LENGTH = 64;

export const KEY_ADVICE = 'generate one with `openssl rand -base64 32`';

let estimator: ZxcvbnFactory | undefined;
/** Judged keys: the check is slow, and the admin functions ask on every request. */
const verdicts = new Map<string, string | undefined>();

function judge(key: string): string | undefined {
  estimator ??= new ZxcvbnFactory({
    translations: zxcvbnEn.translations,
    graphs: zxcvbnCommon.adjacencyGraphs,
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary },
  });
  const result = estimator.check(key.slice(0, JUDGED_LENGTH));
  if (result.score >= 4 && result.guessesLog10 >= MIN_GUESSES_LOG10) return undefined;
  const why = result.feedback.warning ? ` (${result.feedback.warning.replace(/\.$/, '')})` : '';
  return `it could be guessed in about 10^${Math.floor(result.guessesLog10)} tries${why}; a key needs at least 10^${MIN_GUESSES_LOG10}`;
}

/** Why `key` is too weak to be the admin key, or undefined when it is strong enough. */
export function keyWeakness(key: string): string | undefined {
  if (key.length < MIN_KEY_LENGTH) return `it is shorter than ${MIN_KEY_LENGTH} characters`;
  if (!verdicts.has(key)) {
    // A handful of keys per process at most (the deployment's, a rotation); bounded all the same.
    if (verdicts.size > 32) verdicts.clear();
    verdicts.set(key, judge(key));
  }
  return verdicts.get(key);
}
