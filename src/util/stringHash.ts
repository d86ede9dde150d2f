/**
 * The project's one string hash: 32-bit FNV-1a over UTF-16 code units, its offset basis mixed
 * with a seed. Stable across platforms and releases, because seeds derived from it (a catalog
 * creature's stream, a fault decision) must reproduce exactly. Not for cryptography.
 *
 * @param seed mixed into the start state, so one text gives unrelated hashes under two seeds.
 * @default seed 0
 * @returns an unsigned 32-bit integer.
 *
 * @example
 * SeededRandom.fromState(stringHash("fox", catalogSeed)); // one stream per creature name
 */
export function stringHash(text: string, seed = 0): number {
  let h = (0x811c9dc5 ^ (seed >>> 0)) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
