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
    file: "src/motion/water.ts",
    from: "against < 0",
    to: "against <= 0",
    why: "With no speed against the slide there is nothing to drop: the velocity loses zero either way.",
  },
  {
    file: "src/motion/gridPlanner.ts",
    from: "waters.length + avoid.length > 0",
    to: "true",
    why: "Copying the obstacles when there are no waters or avoided areas to add gives the same list; the test only spares the copy.",
  },
  {
    file: "src/motion/gridPlanner.ts",
    from: "waters.length + avoid.length > 0",
    to: "waters.length + avoid.length >= 0",
    why: "Copying the obstacles when there are no waters or avoided areas to add gives the same list; the test only spares the copy.",
  },
  {
    file: "src/motion/gridPlanner.ts",
    from: "obstacles.length === 0",
    to: "false",
    why: "With no obstacles every straight way is clear, so isClear answers the same empty plan.",
  },
  {
    file: "src/motion/water.ts",
    from: "(body.vx * slide.x + body.vz * slide.z) * sign",
    to: "(body.vx * slide.x + body.vz * slide.z) / sign",
    why: "A slide's sign is 1 or -1 (it never slides by 0), and multiplying by 1 or -1 is dividing by it.",
  },
  {
    file: "src/motion/water.ts",
    from: "slide.x * against * sign",
    to: "slide.x * against / sign",
    why: "A slide's sign is 1 or -1 (it never slides by 0), and multiplying by 1 or -1 is dividing by it.",
  },
  {
    file: "src/motion/water.ts",
    from: "slide.z * against * sign",
    to: "slide.z * against / sign",
    why: "A slide's sign is 1 or -1 (it never slides by 0), and multiplying by 1 or -1 is dividing by it.",
  },
  {
    file: "src/motion/reach.ts",
    from: "flying",
    to: "false",
    why: "A flyer's waters are none, so past the early return only the swimmer's block could run, and it needs waters.",
  },
  {
    file: "src/motion/motionAgent.ts",
    from: "i < this.behaviors.length",
    to: "i <= this.behaviors.length",
    why: "The one read past the end is undefined, which is no GroupBehavior: the group found is the same.",
  },
  {
    file: "src/motion/motionAgent.ts",
    from: "f > maxForce",
    to: "f >= maxForce",
    why: "At the cap exactly the force is scaled by maxForce / f = 1: it stays the same.",
  },
  {
    file: "src/motion/motionAgent.ts",
    from: "speed > limit",
    to: "speed >= limit",
    why: "At the limit exactly the velocity is scaled by limit / speed = 1: it stays the same.",
  },
  {
    file: "src/motion/motionAgent.ts",
    from: "obstacles.length > 0",
    why: "holdOutOfObstacles with no obstacles pushes nothing and answers false: calling it changes nothing.",
  },
  {
    file: "src/motion/agentOrders.ts",
    from: "this.stay.on",
    to: "true",
    why: "Counting a stay that is not on lowers a time the next start resets, and ending it tells nobody.",
  },
  {
    file: "src/motion/motionAgent.ts",
    from: "waters.length > 0",
    to: "true",
    why: "waterLevelAt over no waters finds no level (NaN), the answer the guard gives.",
  },
  {
    file: "src/motion/motionAgent.ts",
    from: "waters.length > 0",
    to: "waters.length >= 0",
    why: "waterLevelAt over no waters finds no level (NaN), the answer the guard gives.",
  },
];

/** The reason a survivor is kept, if one is written. */
export function explainSurvivor(file: string, from: string, to: string, _mutator: string): string | undefined {
  return EXPLAINED.find((e) => e.file === file && e.from === from && (e.to === undefined || e.to === to))?.why;
}
