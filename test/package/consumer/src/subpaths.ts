/**
 * A game's use of the opt-in subpath entries (babylon-menagerie/records, /rig, /motion): each
 * must resolve, with its types, under both module resolutions the package test type-checks
 * (tsconfig.bundler.json, tsconfig.node16.json), and fit the root entry's options. Type-checked
 * only; the page (main.ts) does not import it.
 */
import type { MenagerieOptions, ModelRecord } from "babylon-menagerie";
import { BEHAVIOR_GAITS, type GaitTable, type SteeringAgent, type Vec2 } from "babylon-menagerie/motion";
import { HABITATS, parseHeight, type RecordSize, recordSize } from "babylon-menagerie/records";
import { BODY_PLANS, type BodyPlans, extendBodyPlans } from "babylon-menagerie/rig";

/** Gaits and body plans of the game's own, passed to the Menagerie. */
const gaits: GaitTable = { ...BEHAVIOR_GAITS, gallop: BEHAVIOR_GAITS["walk"] ?? null };
const bodyPlans: BodyPlans = extendBodyPlans(BODY_PLANS, {});
export const options: MenagerieOptions = { baseUrl: "/", gaits, bodyPlans };

/** A record's card line, read with the record readers. */
export function cardLine(record: ModelRecord): string {
  const size: RecordSize | undefined = recordSize(record);
  const meters = size?.meters ?? parseHeight("1 m");
  return `${record.name}: ${meters} m (one of ${HABITATS.length} habitats)`;
}

/** A steering behaviour's force, from the agent it reads. */
export function drift(agent: SteeringAgent, force: Vec2): void {
  force.x = agent.walkSpeed - agent.vx;
  force.z = 0;
}
