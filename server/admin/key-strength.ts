// Whether an admin key can resist guessing. The log-in throttle slows guessing; only a key with
// enough entropy makes it hopeless, so a weak ADMIN_KEY is refused: `npm start` will not start
// with one, and on Netlify the admin functions answer 503 as if none were set.
//
// The estimate is the key's length times the Shannon entropy of its characters, over the shortest
// unit the key repeats: it catches what people type instead of a secret (one character over and
// over, a short pattern repeated, a small alphabet). It cannot tell a memorable phrase from a
// random string, hence the advice to generate the key.

export const MIN_KEY_LENGTH = 16;
export const MIN_DISTINCT_CHARACTERS = 8;
export const MIN_KEY_BITS = 64;

export const KEY_ADVICE = 'generate one with `openssl rand -base64 32`';

/** The shortest prefix the key is a repetition of ("abcabcab" → "abc"). */
function repeatedUnit(key: string): string {
  for (let period = 1; period <= key.length / 2; period++) {
    let repeats = true;
    for (let i = period; i < key.length && repeats; i++) repeats = key[i] === key[i - period];
    if (repeats) return key.slice(0, period);
  }
  return key;
}

/** Estimated bits of entropy of `key` (see above). */
export function estimatedBits(key: string): number {
  const unit = [...repeatedUnit(key)];
  const counts = new Map<string, number>();
  for (const ch of unit) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let perCharacter = 0;
  for (const n of counts.values()) perCharacter -= (n / unit.length) * Math.log2(n / unit.length);
  return perCharacter * unit.length;
}

/** Why `key` is too weak to be the admin key, or undefined when it is strong enough. */
export function keyWeakness(key: string): string | undefined {
  if (key.length < MIN_KEY_LENGTH) return `it is shorter than ${MIN_KEY_LENGTH} characters`;
  if (new Set(key).size < MIN_DISTINCT_CHARACTERS)
    return `it has fewer than ${MIN_DISTINCT_CHARACTERS} different characters`;
  // A hair of tolerance: 16 different characters make exactly 64 bits.
  if (estimatedBits(key) < MIN_KEY_BITS - 1e-9) return `it looks like less than ${MIN_KEY_BITS} bits of randomness`;
  return undefined;
}
