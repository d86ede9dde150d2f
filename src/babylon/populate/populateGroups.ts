/**
 * The groups of a populate: herds keep together, flyers of a species flock, swimmers shoal
 * (the plan names each creature's group; motion/group.ts moves them), scenery props made
 * obstacles for every creature of the Menagerie, not only the populate's own, and who hunts whom.
 */
import { type GroupKind, MotionGroup } from "../../motion/group.js";
import type { Obstacle } from "../../motion/types.js";
import { type EcologyRules, isPredatorRecord, preysOn } from "../../population/ecology.js";
import type { PlannedCreature } from "../../population/populationPlan.js";
import type { ModelRecord } from "../../records/schemas.js";
import type { Creature } from "../creature.js";
import type { SceneryProp } from "./scenery.js";

const KIND_BY_REALM: Readonly<Record<PlannedCreature["realm"], GroupKind>> = {
  ground: "herd",
  air: "flock",
  water: "shoal",
};

/** Puts each creature into its planned group as it appears. */
export class PopulateGroups {
  readonly #byKey = new Map<string, MotionGroup>();

  /** The groups made so far, in the order their first member appeared. */
  get groups(): MotionGroup[] {
    return [...this.#byKey.values()];
  }

  /** Adds `creature` to its planned group (a creature leaves its group when disposed). */
  join(creature: Creature, planned: PlannedCreature): void {
    if (planned.group === undefined) return;
    let group = this.#byKey.get(planned.group);
    if (!group) this.#byKey.set(planned.group, (group = new MotionGroup({ kind: KIND_BY_REALM[planned.realm] })));
    group.add(creature);
  }

  /**
   * Lets go of groups of fewer than two (a lone flyer of its species) and returns those kept,
   * in the order of their first member in `inPlanOrder` (not the order their models loaded:
   * one seed, one list). A group is of one species, so its members joined in plan order.
   */
  settle(inPlanOrder: readonly Creature[]): MotionGroup[] {
    for (const [key, group] of this.#byKey) {
      if (group.members.length > 1) continue;
      group.disband();
      this.#byKey.delete(key);
    }
    const kept = new Set(this.#byKey.values());
    const ordered: MotionGroup[] = [];
    for (const creature of inPlanOrder) {
      const group = creature.group;
      if (group && kept.has(group) && !ordered.includes(group)) ordered.push(group);
    }
    return ordered;
  }
}

/** Makes each prop's footprint an obstacle of the Menagerie's world, removed with the prop. */
export function propObstacles(
  props: readonly SceneryProp[],
  host: {
    addObstacle(area: { center: { x: number; y: number; z: number }; radius: number }): Obstacle;
    removeObstacle(o: Obstacle): boolean;
  },
): void {
  for (const prop of props) {
    const p = prop.root.position;
    // At its height: on a navmesh it cuts the floor it stands on, not a deck above it.
    const obstacle = host.addObstacle({ center: { x: p.x, y: p.y, z: p.z }, radius: prop.radius });
    prop.root.onDisposeObservable.addOnce(() => host.removeObstacle(obstacle));
  }
}

/**
 * Sets predators hunting and prey fleeing by the ecology rules: a predator hunts any creature
 * of the Menagerie it preys on (not only this populate's), prey flee any that hunt them.
 */
export function applyEcology(creatures: readonly Creature[], rules: EcologyRules): void {
  const eats = preysOnTable(rules);
  for (const creature of creatures) {
    const record = creature.record;
    if (isPredatorRecord(record, rules)) {
      const prey = eats.preyOf(record);
      creature.hunt((c) => prey(c.record));
    } else {
      const hunter = eats.huntersOf(record);
      creature.fleeFrom((c) => hunter(c.record));
    }
  }
}

/** Whether one record's creatures eat (or are eaten by) another's, by the other's record. */
type EatsTest = (other: ModelRecord) => boolean;

/**
 * {@link preysOn} under `rules`, worked out once per pair of records: hunts and flights ask it
 * for every neighbour of every creature each step, and the answer depends on the two records
 * only. One row per record on the fixed side, so a test reads one map.
 */
function preysOnTable(rules: EcologyRules): {
  preyOf(hunter: ModelRecord): EatsTest;
  huntersOf(prey: ModelRecord): EatsTest;
} {
  const rows = new WeakMap<ModelRecord, EatsTest>();
  const huntersRows = new WeakMap<ModelRecord, EatsTest>();
  const rowOf = (
    table: WeakMap<ModelRecord, EatsTest>,
    mine: ModelRecord,
    eats: (mine: ModelRecord, other: ModelRecord) => boolean,
  ): EatsTest => {
    let test = table.get(mine);
    if (test) return test;
    const answers = new WeakMap<ModelRecord, boolean>();
    test = (other) => {
      let answer = answers.get(other);
      if (answer === undefined) answers.set(other, (answer = eats(mine, other)));
      return answer;
    };
    table.set(mine, test);
    return test;
  };
  return {
    preyOf: (hunter) => rowOf(rows, hunter, (h, prey) => preysOn(h, prey, rules)),
    huntersOf: (prey) => rowOf(huntersRows, prey, (p, hunter) => preysOn(hunter, p, rules)),
  };
}
