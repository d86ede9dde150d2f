/** The one rounding helper for float comparisons in tests: 6 decimals by default. */
export function round(value: number, decimals = 6): number {
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
}
