/**
 * Why a surviving mutant survives, for the report of `npm run test:mutation -- --report`: a
 * mutant that no test can kill because the program behaves the same (equivalent), or one whose
 * code cannot run under Node's tests. A survivor found to be a missing test gets a test, not an
 * entry here. An entry matches a survivor by its file, the code it changed and, when given, its
 * replacement, so it still matches after lines move.
 */

interface Explained {
  file: string;
  /** The changed code as the report prints it. */
  from: string;
  /** The replacement as the report prints it; any when absent. */
  to?: string;
  why: string;
}

const EXPLAINED: readonly Explained[] = [
  {
    file: "src/records/schemas.ts",
    from: 'typeof value === "number"',
    to: "true",
    why: "Number.isNaN is false for anything but a number, so the type test before it changes nothing.",
  },
  {
    file: "src/motion/reach.ts",
    from: "flying",
    to: "false",
    why: "A flyer's waters are none, so past the early return only the swimmer's block could run, and it needs waters.",
  },
];

/** The reason a survivor is kept, if one is written. */
export function explainSurvivor(file: string, from: string, to: string, _mutator: string): string | undefined {
  return EXPLAINED.find((e) => e.file === file && e.from === from && (e.to === undefined || e.to === to))?.why;
}
