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
  /**
   * Text the mutant's first source line must contain, for a change too common to name one
   * mutant by itself (`false` → `true`); any line when absent.
   */
  line?: string;
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
    from: "flying && avoid.length === 0",
    to: "false",
    why: "A flyer has no obstacles or shores to keep out of, so with nothing to avoid its passes move nothing and the return after them gives its target as sent.",
  },
  {
    file: "src/motion/reach.ts",
    from: "probe.distance < inside",
    to: "probe.distance <= inside",
    why: "At exactly `inside` metres in, the swimmer's target moves by inside - distance = 0.",
  },
  {
    file: "src/motion/reach.ts",
    from: "!moved",
    to: "false",
    why: "A pass that moved nothing leaves the target where it was, and so does every pass after it: running all four gives the same point.",
  },
  {
    file: "src/motion/reach.ts",
    from: "d <= -clearance",
    to: "d < -clearance",
    why: "At exactly the clearance beyond the edge the push moves the target by d + clearance = 0, and the passes it adds move it by zero again.",
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
  {
    file: "src/motion/worldCore.ts",
    from: "i > 0",
    to: "true",
    why: "At place 0 the loop reads the order's [-1], undefined, and undefined > place is false: it stops there as i > 0 would.",
  },
  {
    file: "src/motion/worldCore.ts",
    from: "i > 0",
    to: "i >= 0",
    why: "At place 0 the loop reads the order's [-1], undefined, and undefined > place is false: it stops there as i > 0 would.",
  },
  {
    file: "src/motion/worldCore.ts",
    from: "dt > 0",
    to: "dt >= 0",
    why: "A zero dt makes a zero step, which the next test (h > 0) turns away the same.",
  },
  {
    file: "src/motion/worldCore.ts",
    from: "moved > this.#drift",
    to: "moved >= this.#drift",
    why: "Keeping the larger of two equal moves leaves the drift the same.",
  },
  {
    file: "src/motion/worldCore.ts",
    from: "!this.#gridFresh",
    to: "true",
    why: "Rebuilding the neighbour grid at every query builds it from the positions now, which finds the same agents (each is kept by its distance now); it only costs time.",
  },
  {
    file: "src/motion/area.ts",
    from: "d > 1e-9",
    to: "d >= 1e-9",
    why: "Only a point exactly 1e-9 m from a circle's centre differs; that close, a unit direction and none are both right.",
  },
  {
    file: "src/motion/area.ts",
    from: "len > 1e-9",
    to: "len >= 1e-9",
    why: "Only a point exactly 1e-9 m from its nearest edge point differs; that close, a unit direction and none are both right.",
  },
  {
    file: "src/motion/area.ts",
    from: "len2 > 0",
    why: "A zero-length edge (a repeated point) then gives NaN, which never wins the nearest test; its point is also an end of the edges beside it, so the same nearest point is found.",
  },
  {
    file: "src/motion/area.ts",
    from: "x < ((b.x - a.x) * (z - a.z)) / (b.z - a.z) + a.x",
    to: "x >= (b.x - a.x) * (z - a.z) / (b.z - a.z) + a.x",
    why: "The edges that cross a point's row are even in number, so an odd count right of the point is an odd count at or left of it: the same inside.",
  },
  {
    file: "src/motion/area.ts",
    from: "x < ((a.x - b.x) * (z - b.z)) / (a.z - b.z) + b.x",
    to: "x >= (a.x - b.x) * (z - b.z) / (a.z - b.z) + b.x",
    why: "The edges that cross a point's row are even in number, so an odd count right of the point is an odd count at or left of it: the same inside.",
  },
  {
    file: "src/motion/area.ts",
    from: "x < ((a.x - b.x) * (z - b.z)) / (a.z - b.z) + b.x",
    to: "x <= (a.x - b.x) * (z - b.z) / (a.z - b.z) + b.x",
    why: "Only a point exactly on an edge changes sides, and there the distance is 0 either way (its sign aside) and the direction none.",
  },
  {
    file: "src/motion/area.ts",
    from: "d2 < best",
    to: "d2 <= best",
    why: "Only a tie between two equally near edges changes, and then either edge's inward direction is a right answer at the same distance.",
  },
  {
    file: "src/motion/area.ts",
    from: "d < out.distance!",
    to: "d <= out.distance!",
    why: "Only a tie between a hole's edge and another equally near edge changes, and then either inward direction is a right answer at the same distance.",
  },
  {
    file: "src/motion/group.ts",
    from: "s += Math.sin(a.heading)",
    to: "s -= Math.sin(a.heading)",
    why: "Polarization is Math.hypot(s, c), and Math.hypot(-s, c) is Math.hypot(s, c).",
  },
  {
    file: "src/motion/group.ts",
    from: "c += Math.cos(a.heading)",
    to: "c -= Math.cos(a.heading)",
    why: "Polarization is Math.hypot(s, c), and Math.hypot(s, -c) is Math.hypot(s, c).",
  },
  {
    file: "src/motion/group.ts",
    from: "new Array<number>(list.length)",
    to: "new Array()",
    why: "fill(-1) on an empty array leaves it empty, and an unset piece reads undefined, for which >= 0 is false as it is for -1.",
  },
  {
    file: "src/motion/holdOutOfObstacles.ts",
    from: "into > 0",
    to: "into >= 0",
    why: "With no speed into the obstacle there is nothing to take off: the velocity loses zero either way.",
  },
  {
    file: "src/motion/holdOutOfObstacles.ts",
    from: "depth.deep > Math.max(0, allowed.deep) + SLACK",
    to: "depth.deep >= Math.max(0, allowed.deep) + SLACK",
    why: "Only a depth exactly at the slack (1e-6 m past the start) differs: rounding either way.",
  },
  {
    file: "src/motion/holdOutOfObstacles.ts",
    from: "dx * dx + dz * dz >= reach * reach",
    why: "bandDepth's early false only spares the probe: past the reach the probed depth is not positive, and its callers need a depth above a start of at least 0.",
  },
  {
    file: "src/motion/holdOutOfObstacles.ts",
    from: "dx * dx + dz * dz",
    to: "dx * dx - dz * dz",
    why: "The early return then comes less often (dx*dx - dz*dz <= dx*dx + dz*dz), and without it the probed depth gives the same answer.",
  },
  {
    file: "src/motion/holdOutOfObstacles.ts",
    from: "out.deep > 0",
    why: "Its callers compare the depth it writes against a start of at least 0, which a depth of 0 or less never passes: the true or false it returns changes nothing.",
  },
  {
    file: "src/motion/pathfinding.ts",
    from: "dx && dz",
    to: "true",
    why: "On a straight step its two side cells are the cell stepped to, already refused when walled, and the cell stepped from, never walled (the search only enters open cells, and the start is opened).",
  },
  {
    file: "src/motion/pathfinding.ts",
    from: "(at.x - o.x) ** 2 + (at.z - o.z) ** 2 > reach * reach",
    to: "(at.x - o.x) ** 2 + (at.z - o.z) ** 2 >= reach * reach",
    why: "At exactly reach + clearance from an obstacle's centre its edge is at least the clearance away (reach bounds the area), not blocked whether the bounding test skips it or the probe measures it.",
  },
  {
    file: "src/motion/pathfinding.ts",
    from: "(at.x - o.x) ** 2 + (at.z - o.z) ** 2 > reach * reach",
    to: "false",
    why: "The bounding test only spares the edge probe: a point beyond reach + clearance of an obstacle's centre is at least the clearance from its edge (reach bounds the area), so the probe finds it not blocked too.",
  },
  {
    file: "src/motion/pathfinding.ts",
    from: "(at.x - o.x) ** 2 + (at.z - o.z) ** 2",
    to: "(at.x - o.x) ** 2 - (at.z - o.z) ** 2",
    why: "x² - z² is never more than x² + z², so the bounding test skips only points that are truly beyond reach + clearance, fewer of them; the edge probe finds the rest not blocked. The bounding test only spares the edge probe: a point beyond reach + clearance of an obstacle's centre is at least the clearance from its edge (reach bounds the area), so the probe finds it not blocked too.",
  },
  {
    file: "src/motion/pathfinding.ts",
    from: "i < n",
    to: "i <= n",
    why: "The one write past the end of the walls' typed array (wall[n]) is dropped, and blocked() only reads.",
  },
  {
    file: "src/motion/pathfinding.ts",
    from: "nz < 0",
    to: "false",
    why: "A step below the first row gives a negative index, and a typed array read there is undefined: not walled, not closed, and next < undefined is false, so the cell is never entered.",
  },
  {
    file: "src/motion/pathfinding.ts",
    from: "nz >= h",
    to: "false",
    why: "A step past the last row gives an index of n or more, and a typed array read there is undefined: not walled, not closed, and next < undefined is false, so the cell is never entered.",
  },
  {
    file: "src/motion/pathfinding.ts",
    from: "nz >= h",
    to: "nz > h",
    why: "A step goes at most one row, so nz is never past h; at nz == h the index is n or more, whose typed array reads are undefined: next < undefined is false, so the cell is never entered.",
  },
  {
    file: "src/motion/pathfinding.ts",
    from: "i >= 0",
    to: "true",
    why: "The chain of came links from the goal ends at the start, which stops the loop: every cell the search entered has its came set, so -1 is never reached.",
  },
  {
    file: "src/motion/pathfinding.ts",
    from: "c + 1 < n",
    to: "true",
    why: "With c + 1 == n the right child is keys[n], past the end of the heap (popped just before): undefined < keys[c] is false, so the left child stays picked.",
  },
  {
    file: "src/motion/pathfinding.ts",
    from: "c + 1 < n",
    to: "c + 1 <= n",
    why: "With c + 1 == n the right child is keys[n], past the end of the heap (popped just before): undefined < keys[c] is false, so the left child stays picked.",
  },
  {
    file: "src/population/populationRules.ts",
    from: 'typeof taxonomy === "object"',
    to: "true",
    why: "A truthy taxonomy that is neither a string, a list nor an object (a number, true) has no own values, so it gives no taxa either way.",
  },
  {
    file: "src/population/ecology.ts",
    from: '"ground"',
    to: '""',
    line: "REALM_BY_BEHAVIOUR[record.behaviour",
    why: 'Where only "air" is asked of a realm (is it a hunter from the air), a walker\'s realm named "" is no nearer "air" than "ground"; the same change where preysOn reads a band by realm is killed by a game\'s ground band.',
  },
  {
    file: "src/population/ecology.ts",
    from: "hunter === prey",
    to: "false",
    why: "A record that hunts is a predator, so as its own prey it is refused by the predator test beside it.",
  },
  {
    file: "src/population/ecology.ts",
    from: '""',
    to: '"Stryker was here!"',
    why: "A record without a behaviour is looked up by a name the built-in realm table does not hold either way: it is on the ground.",
  },
  ...[
    ["a.record.name < b.record.name", "a.record.name <= b.record.name"],
    ["a.record.name > b.record.name", "true"],
    ["a.record.name > b.record.name", "a.record.name >= b.record.name"],
  ].map(([from, to]) => ({
    file: "src/population/populationPlan.ts",
    from: from!,
    to: to!,
    why: "The eligible records are deduplicated by name before the sort, so no two names are equal.",
  })),
  ...["false", "a.record.name <= b.record.name"].map((to) => ({
    file: "src/population/populationPlan.ts",
    from: "a.record.name > b.record.name",
    to,
    why: "Array sort (V8's) asks only whether a comparison is below zero, so 0 in place of 1 for a later name sorts the same.",
  })),
  {
    file: "src/population/populationPlan.ts",
    from: "(min + max) / 2",
    to: "(min + max) * 2",
    why: "Every pick weight is divided by four alike, and a pick reads the weights only as shares of their total.",
  },
  {
    file: "src/population/populationPlan.ts",
    from: "herdId !== undefined",
    to: "true",
    why: "A request with herd: undefined is read as one with no herd (placement and group keys test herd !== undefined).",
  },
  {
    file: "src/population/populationPlan.ts",
    from: "i < weights.length",
    to: "i <= weights.length",
    why: "One step past the last weight subtracts undefined: r becomes NaN, is not below 0, and the same fallback answers.",
  },
  ...["true", "weights[i]! >= 0"].map((to) => ({
    file: "src/population/populationPlan.ts",
    from: "weights[i]! > 0",
    to,
    why: "Subtracting a zero weight leaves r where it was, and r was not below 0 there or the pick would have returned before.",
  })),
  ...[
    ["species.length === 0 || input.count <= 0", "false"],
    ["species.length === 0 || input.count <= 0", "species.length === 0 && input.count <= 0"],
    ["species.length === 0", "false"],
    ["input.count <= 0", "false"],
    ["input.count <= 0", "input.count < 0"],
  ].map(([from, to]) => ({
    file: "src/population/populationPlan.ts",
    from: from!,
    to: to!,
    why: "With no species (no weight) or no count (a count is validated, never negative) no slot is planned, so the plan is the same empty one; the early return spares the work.",
  })),
  {
    file: "src/population/sceneryPlan.ts",
    from: "[]",
    to: '["Stryker was here"]',
    why: "A record without tags read as one made-up tag: that tag is not aquatic either.",
  },
  ...[
    ["a.name < b.name", "a.name <= b.name"],
    ["a.name > b.name", "true"],
    ["a.name > b.name", "a.name >= b.name"],
  ].map(([from, to]) => ({
    file: "src/population/sceneryPlan.ts",
    from: from!,
    to: to!,
    why: "The eligible props are deduplicated by name before the sort, so no two names are equal.",
  })),
  ...["false", "a.name <= b.name"].map((to) => ({
    file: "src/population/sceneryPlan.ts",
    from: "a.name > b.name",
    to,
    why: "Array sort (V8's) asks only whether a comparison is below zero, so 0 in place of 1 for a later name sorts the same.",
  })),
  ...["false", "input.count < 0"].map((to) => ({
    file: "src/population/sceneryPlan.ts",
    from: "input.count <= 0",
    to,
    why: "With no count (validated, never negative) no prop is picked, so the plan is the same empty one; the early return spares the work.",
  })),
  {
    file: "src/population/placement.ts",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the code a mutant changed is a template literal
    from: "`${cx},${cz}`",
    to: "``",
    why: "Every footprint in one grid cell is still checked against every new one: the same answers, only slower.",
  },
  ...["cx + dx", "cz + dz"].map((from) => ({
    file: "src/population/placement.ts",
    from,
    to: from.replace("+", "-"),
    why: "dx and dz run over -1, 0 and 1, so the same nine cells are visited in another order.",
  })),
  ...["!checked.has(times)", "!checked.has(values)"].map((from) => ({
    file: "src/babylon/gltf/readGlbClip.ts",
    from,
    to: "true",
    why: "The key check reads the array and changes nothing, so checking one shared by several channels again gives the same answer; the set only spares the work.",
  })),
  {
    file: "src/babylon/gltf/readGlbClip.ts",
    from: "named >= 0",
    to: "named > 0",
    why: "When the animation named like the clip is the first (index 0), the fallback picks index 0 too.",
  },
  {
    file: "src/babylon/gltf/readGlbClip.ts",
    from: "t > duration",
    to: "t >= duration",
    why: "A key time equal to the duration sets the duration to the value it already has.",
  },
  {
    file: "src/motion/behaviors/steeringBehavior.ts",
    from: "speed > agent.speedLimit",
    to: "speed >= agent.speedLimit",
    why: "Raising the cap to the speed it already is leaves it the same.",
  },
  {
    file: "src/motion/behaviors/fleePredators.ts",
    from: "reach > 0",
    to: "true",
    why: "A reach of 0 (an agent's own neighbourRadius is never below 0) finds in the gathered list only a predator on the prey's very spot, and the world's search then finds that one first too: the test only spares a scan.",
  },
  {
    file: "src/motion/behaviors/fleePredators.ts",
    from: "reach > 0",
    to: "reach >= 0",
    why: "A reach of 0 finds in the gathered list only a predator on the prey's very spot, and the world's search then finds that one first too: the test only spares a scan.",
  },
  {
    file: "src/motion/behaviors/separation.ts",
    from: "agent.id < other.id",
    to: "agent.id <= other.id",
    why: "Ids are unique and an agent is never its own neighbour (the world's search skips it), so the two ids are never equal.",
  },
  {
    file: "src/motion/behaviors/avoidArea.ts",
    from: "d < -this.margin",
    to: "d <= -this.margin",
    why: "Exactly a margin out the push's strength is (d + margin) / margin = 0: a zero force either way.",
  },
  {
    file: "src/babylon/gltf/glbJsonProblem.ts",
    from: "value === undefined",
    to: "false",
    why: "listSize only counts an animation's samplers, and the required-field checks before it refuse an animation without them; findAt's own test of the same text is killed by any valid JSON.",
  },
  {
    file: "src/babylon/gltf/glbJsonProblem.ts",
    from: "value.length - 1",
    to: "value.length + 1",
    why: "Starting the link walk two past a list's end pushes two undefined values, which are no objects and are skipped: the same items are walked in the same order.",
  },
  {
    file: "src/babylon/gltf/clipGroup.ts",
    from: "new Array(channel.times.length)",
    to: "new Array()",
    why: "Every key is set by its index right after, so the array ends with the same keys; the length only sizes it up front.",
  },
  {
    file: "src/babylon/gltf/readGlbClip.ts",
    from: "[]",
    to: '["Stryker was here"]',
    line: "animation.channels : []",
    why: "A channel that is a string has no target node, so it is skipped as a channel of no node is: the clip reads the same.",
  },
  {
    file: "src/babylon/gltf/clipGroup.ts",
    from: "true",
    to: "false",
    line: "animation.setKeys(keysOf(channel, fps), true)",
    why: "setKeys' second argument only says whether to copy the keys: made just above and kept by nothing else, a copy holds the same keys.",
  },
  {
    file: "src/motion/water.ts",
    from: "shore.distance > 0",
    to: "true",
    line: "    if (!(shore.distance > 0)) return false;",
    why: "A walker that ends its step on land (distance 0 or less) goes on to the depth test, and no depth at or below 0 is deeper than the allowed depth (never below 0): it returns false unmoved all the same; the early return only spares a probe.",
  },
  {
    file: "src/motion/water.ts",
    from: "!(shore.distance > 0)",
    to: "false",
    line: "    if (!(shore.distance > 0)) return false;",
    why: "A walker that ends its step on land (distance 0 or less) goes on to the depth test, and no depth at or below 0 is deeper than the allowed depth (never below 0): it returns false unmoved all the same; the early return only spares a probe.",
  },
  {
    file: "src/motion/water.ts",
    from: "shore.distance > 0",
    to: "shore.distance >= 0",
    line: "    if (!(shore.distance > 0)) return false;",
    why: "A walker that ends its step exactly on the shore (distance 0) goes on to the depth test, and a depth of 0 is never deeper than the allowed depth (never below 0): it returns false unmoved all the same.",
  },
  {
    file: "src/motion/water.ts",
    from: "shore.distance > 1e-3",
    to: "shore.distance >= 1e-3",
    why: "A swimmer exactly 1e-3 m inside is slid by 0: nothing moves and its velocity stays, so the speed its caller then reads back from the velocity is the one it had.",
  },
  {
    file: "src/motion/worldCore.ts",
    from: "false",
    to: "true",
    line: "#gridFresh = false;",
    why: "Before the first agent is added the world has none, so its never-built grid and a built one find the same nothing; every add and remove marks the grid stale.",
  },
  {
    file: "src/motion/worldCore.ts",
    from: "true",
    to: "false",
    line: "this.#gridFresh = true;",
    why: "A grid never marked fresh is rebuilt at every query from the positions now, as with the `!this.#gridFresh` → `true` survivor: the same agents are found; it only costs time.",
  },
  {
    file: "src/motion/holdOutOfObstacles.ts",
    from: "false",
    to: "true",
    line: "reach * reach) return false;",
    why: "Beyond the band's bounding circle the depth is left at -1: a push-out then finds -1 not deeper than its start (0 or more) and `deeper` finds it not past the slack, so both answer false as they do for a band never entered; `from`'s own depth read as -1 clamps to 0 as before.",
  },
  {
    file: "src/motion/motionAgent.ts",
    from: "false",
    to: "true",
    line: "#engaged = false;",
    why: "Every step sets it in #steer before the pose and the order read it (a jump, which skips #steer, only begins after a #steer in the same step), so its first value is never read.",
  },
  {
    file: "src/motion/motionAgent.ts",
    from: "held",
    to: "true",
    line: "if (held) this.#poser.speed",
    why: "Unheld, the velocity is the one the step just set from its speed, so the pose's speed read back from it is that speed (to the last bit of rounding).",
  },
  {
    file: "src/motion/motionAgent.ts",
    from: "this.altitude === 0",
    to: "true",
    line: 'this.#realm === "water" && this.altitude === 0',
    why: "Its flight sets altitude to 0 on the step it touches down, and nothing else of the library sets it: past the airborne and perch returns above, it is always 0.",
  },
  {
    file: "src/motion/motionAgent.ts",
    from: "this.altitude === 0",
    to: "true",
    line: "const surface = this.altitude === 0",
    why: "Its flight sets altitude to 0 on the step it touches down, and nothing else of the library sets it: past the airborne and perch returns above, it is always 0.",
  },
  {
    file: "src/motion/agentOrders.ts",
    from: "a === b",
    to: "false",
    line: "if (a === b) return true;",
    why: "An area is equal in shape to itself: the same circle has the same centre and radius, the same polygon the same points (only numbers that are NaN, which place no area, would differ).",
  },
  {
    file: "src/motion/motionAgent.ts",
    from: "[...limits]",
    to: "[]",
    why: "An order has no goal only inside its own start (moveTo, wander, setGoal), between dropping the last goal and setting its own; nothing reads orderBehaviors there.",
  },
  {
    file: "src/motion/behaviors/avoidObstacles.ts",
    from: "dx * dx + dz * dz > reach * reach",
    to: "false",
    why: "An obstacle's area lies inside its reach circle, so beyond reach + margin its edge is more than the margin away and the edge test returns anyway: the bounding-circle test only spares the edge probe.",
  },
  {
    file: "src/motion/behaviors/avoidObstacles.ts",
    from: "dx * dx + dz * dz > reach * reach",
    to: "dx * dx + dz * dz >= reach * reach",
    why: "An obstacle's area lies inside its reach circle, so beyond reach + margin its edge is more than the margin away and the edge test returns anyway: the bounding-circle test only spares the edge probe.",
  },
  {
    file: "src/motion/behaviors/avoidObstacles.ts",
    from: "dx * dx + dz * dz",
    to: "dx * dx - dz * dz",
    line: "reach * reach",
    why: "An obstacle's area lies inside its reach circle, so beyond reach + margin its edge is more than the margin away and the edge test returns anyway: the bounding-circle test only spares the edge probe. A smaller sum only skips fewer.",
  },
  {
    file: "src/motion/behaviors/avoidObstacles.ts",
    from: "d < -margin",
    to: "d <= -margin",
    why: "Exactly a margin from the edge the push is zero times the force, and the sidestep scales by it: nothing is added either way.",
  },
  {
    file: "src/motion/behaviors/avoidObstacles.ts",
    from: "d2 >= limit * limit",
    to: "d2 > limit * limit",
    why: "Exactly at the limit the push is zero, and the sidestep scales by it: nothing is added either way.",
  },
  {
    file: "src/motion/behaviors/avoidObstacles.ts",
    from: "into <= 0",
    to: "into < 0",
    why: "Heading along the edge (into 0), the sidestep scales by into: it adds zero either way.",
  },
  {
    file: "src/motion/behaviors/avoidObstacles.ts",
    from: "-iz * side",
    to: "-iz / side",
    why: "side is 1 or -1, so dividing by it is multiplying by it.",
  },
  {
    file: "src/motion/behaviors/avoidObstacles.ts",
    from: "ix * side",
    to: "ix / side",
    why: "side is 1 or -1, so dividing by it is multiplying by it.",
  },
  {
    file: "src/motion/behaviors/group.ts",
    from: "d > spacing",
    to: "d >= spacing",
    why: "Exactly at the spacing the cohesion pull is zero (it grows from the spacing): nothing is added either way.",
  },
  {
    file: "src/babylon/gltf/glbJsonProblem.ts",
    from: '""',
    to: '"Stryker was here!"',
    line: '{ value: json, from: undefined, key: "" }',
    why: "The root's key is never spelled: a path is made of the steps below the root (pathOf stops where `from` is undefined).",
  },
  {
    file: "src/motion/pathfinding.ts",
    from: "-1",
    to: "+1",
    line: "new Int32Array(n).fill(-1)",
    why: "The fill is never read: the chain of came links from the goal ends at the start, and every other cell the search entered had its came set when it was pushed.",
  },
  {
    file: "src/motion/pathfinding.ts",
    from: "c + 1",
    to: "c - 1",
    line: "if (c + 1 < n &&",
    why: "c - 1 < n holds for every child c, and where c + 1 == n the right child read is keys[n], past the popped array: undefined < a key is false, so the left child is taken as before.",
  },
  {
    file: "src/motion/reach.ts",
    from: "false",
    to: "true",
    line: "let moved = false",
    why: "A pass that moved nothing leaves the target where it was, and so does every pass after it: running all four gives the same point.",
  },
  {
    file: "src/motion/reach.ts",
    from: "false",
    to: "true",
    line: "if (d <= -clearance) return false",
    why: "Calling an unmoved target moved only runs the passes that are left, and a pass that moves nothing leaves the target where it was: the same point.",
  },
  {
    file: "src/service/relay/assetKind.ts",
    from: "parsed?.asset",
    to: "parsed.asset",
    why: "Only text that starts with { is parsed, and JSON.parse makes an object of it or throws: parsed is never null or undefined.",
  },
  {
    file: "src/service/relay/assetKind.ts",
    from: "{ return undefined; }",
    to: "{}",
    line: "    } catch {",
    why: "Text that starts with { and is no JSON falls through to the OBJ and MTL checks, whose first word then starts with {, which no statement does: undefined either way.",
  },
  {
    file: "src/service/relay/assetKind.ts",
    from: "[]",
    to: '["Stryker was here"]',
    line: "prefixes: readonly string[] = []",
    why: "Statement words are lower-cased and hold no space, so no word starts with a prefix that has a capital and spaces: the OBJ check accepts the same words.",
  },
  {
    file: "src/service/relay/assetKind.ts",
    from: "/\\s+/",
    to: "/\\s/",
    why: "The line is trimmed before it is split, so the first word ends at its first white space either way.",
  },
  {
    file: "src/service/relay/assetKind.ts",
    from: "i < text.length",
    to: "i <= text.length",
    why: "charCodeAt past the end is NaN, which is neither below 0x20 nor 0x7f: the extra round finds no control character.",
  },
  {
    file: "src/service/relay/relayToken.ts",
    from: "{ return undefined; }",
    to: "{}",
    why: "An emptied catch block falls off the end of open, which returns undefined all the same.",
  },
  {
    file: "src/service/relay/relayLinks.ts",
    from: "value !== null",
    to: "true",
    why: "asObject(null) then gives null instead of undefined, and every caller treats both alike: a falsy check, an optional chain, or rewriteFields, which skips null itself.",
  },
  {
    file: "src/service/relay/assetRelay.ts",
    from: '""',
    to: '"Stryker was here!"',
    line: 'const [id = "", file',
    why: "split always gives at least one element, so the id's default is never used.",
  },
  {
    file: "src/service/relay/assetRelay.ts",
    from: '""',
    to: '"Stryker was here!"',
    line: 'parsed.hash = ""',
    why: "The cache key only has to be the same for one file whatever link it came by; the same fragment on every key keeps that.",
  },
  {
    file: "src/service/relay/assetRelay.ts",
    from: "{ once: true }",
    to: "{}",
    why: "An AbortSignal fires its abort event once, so a listener kept after it never runs again.",
  },
  {
    file: "src/service/relay/assetRelay.ts",
    from: "true",
    to: "false",
    line: "{ once: true }",
    why: "An AbortSignal fires its abort event once, so a listener kept after it never runs again.",
  },
  {
    file: "src/service/relay/assetRelay.ts",
    from: '"abort"',
    to: '""',
    line: 'signal.removeEventListener("abort", releaseAll)',
    why: "The listener is removed once every byte is released (read or cancelled); left in place, an abort after that releases zero bytes.",
  },
];

/** The reason a survivor is kept, if one is written. */
export function explainSurvivor(
  file: string,
  from: string,
  to: string,
  _mutator: string,
  sourceLine = "",
): string | undefined {
  return EXPLAINED.find(
    (e) =>
      e.file === file &&
      e.from === from &&
      (e.to === undefined || e.to === to) &&
      (e.line === undefined || sourceLine.includes(e.line)),
  )?.why;
}
