/** Edit distance between short names (fuzzy lookups, nearest-name hints). Engine-free. */

/** Two rows of the edit-distance table, reused: names are short, lookups many. */
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);

/** Levenshtein distance of `a` and `b`, or `max + 1` as soon as it must exceed `max`. */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (rowA.length <= b.length) {
    rowA = new Int32Array(b.length * 2 + 1);
    rowB = new Int32Array(b.length * 2 + 1);
  }
  let previous = rowA;
  let current = rowB;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    const swap = previous;
    previous = current;
    current = swap;
  }
  return previous[b.length]!;
}

/**
 * The names of `candidates` nearest `name` by edit distance (at most `max` edits, or a third of
 * the name's length when larger), nearest first, then alphabetically; at most `limit`.
 */
export function nearestNames(name: string, candidates: Iterable<string>, limit = 3, max = 3): string[] {
  const bound = Math.max(max, Math.ceil(name.length / 3));
  const scored: { name: string; d: number }[] = [];
  for (const candidate of new Set(candidates)) {
    const d = boundedEditDistance(name, candidate, bound);
    if (d <= bound) scored.push({ name: candidate, d });
  }
  scored.sort((a, b) => a.d - b.d || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return scored.slice(0, limit).map((s) => s.name);
}
