// The 404 page's "did you mean": of the known paths, the one closest to the address asked for, by
// edit distance over the whole path (so /article/x finds /articles/x, /articles/hemp-vs-coton
// finds /articles/hemp-vs-cotton), or none when even the closest one differs in more than a third
// of its characters (an address like no page suggests nothing rather than something random).

/** Levenshtein distance, one row at a time. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

const normalize = (path: string): string =>
  decodeURIComponent(path)
    .toLowerCase()
    .replace(/(\/index)?\.html$/, '')
    .replace(/\/+$/, '') || '/';

export function closestPath(requested: string, known: readonly string[]): string | undefined {
  let wanted: string;
  try {
    wanted = normalize(requested);
  } catch {
    return undefined; // a malformed %-escape
  }
  let best: { path: string; distance: number } | undefined;
  for (const path of known) {
    if (path === '/') continue;
    const distance = editDistance(wanted, path);
    if (!best || distance < best.distance) best = { path, distance };
  }
  if (!best || best.distance > Math.max(best.path.length, wanted.length) / 3) return undefined;
  return best.path;
}
