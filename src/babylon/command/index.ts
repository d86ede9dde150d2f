/**
 * Carrying a text command out in the scene (`menagerie.command`): spawns, disposals, orders and
 * repopulating, each action in turn, with an account of what was done and what could not be.
 * Its own chunk, loaded with the first command; it uses the Menagerie's public API, and the
 * game's places and the Menagerie's populates, which the Menagerie hands it ({@link CommandWorld}).
 */
import type { Scene } from "@babylonjs/core/scene.js";
import type { TextCommand, TextCommandAction } from "../../api/textCommandAnswer.js";
import { isInWater } from "../../motion/water.js";
import { habitatOfWord, STAND_IN_HABITAT_WORDS } from "../../records/habitatWords.js";
import type { Creature } from "../creature.js";
import type { PlaceInput } from "../options/commandOptions.js";
import {
  type CommandAccount,
  type CommandOptions,
  type CommandOutcome,
  type ResolvedCommandOptions,
  resolveCommandOptions,
} from "../options/commandOptions.js";
import type { SpawnOptions } from "../options/menagerieOptions.js";
import type { PopulateOptions } from "../options/populateOptions.js";
import type { CreatureGroup } from "../populate/index.js";
import { bringToLife, type PopulatedLife } from "./life.js";
import { type Anchor, baseName, findAnchor, names, spot, viewerAnchor, whereIs } from "./places.js";

export type { PopulatedLife } from "./life.js";

/** The most creatures one model of one command spawns. */
const MAX_SPAWNS = 50;

/** What a command may still spawn: a hostile or mistaken answer cannot ask for thousands. */
interface SpawnBudget {
  readonly max: number;
  left: number;
}

/** What a command needs of the Menagerie (its public API). */
interface Host {
  readonly scene: Scene;
  readonly creatures: readonly Creature[];
  spawnCreature(name: string, options: SpawnOptions): Promise<Creature>;
  populate(options: PopulateOptions): Promise<CreatureGroup>;
}

/**
 * What a Menagerie keeps between its commands (a private field of it): the group the last
 * `change_habitat` made, which the next one replaces.
 */
export interface CommandState {
  habitatGroup?: CreatureGroup | undefined;
}

/**
 * What the Menagerie's world holds for commands: the game's named places, and the populates
 * whose life what a command adds joins.
 */
export interface CommandWorld {
  readonly places: ReadonlyMap<string, PlaceInput>;
  readonly populated: ReadonlyMap<CreatureGroup, PopulatedLife>;
}

/** Adds a note once (many failed spawns of one model say so once). */
function note(outcome: CommandOutcome, text: string): void {
  if (!outcome.notes.includes(text)) outcome.notes.push(text);
}

/** Carries out `command`'s actions in order. */
export async function carryOut(
  host: Host,
  state: CommandState,
  command: TextCommand,
  given: CommandOptions,
  world: CommandWorld = { places: new Map(), populated: new Map() },
): Promise<CommandAccount> {
  const options = resolveCommandOptions(given);
  const budget: SpawnBudget = { max: options.maxSpawns, left: options.maxSpawns };
  const outcomes: CommandOutcome[] = [];
  const total = command.actions.length;
  for (const action of command.actions) {
    options.signal?.throwIfAborted();
    const outcome: CommandOutcome = { action, creatures: [], notes: [] };
    outcomes.push(outcome);
    if (action.action === "change_habitat") await changeHabitat(host, state, action, outcome, options, budget);
    else for (const model of action.models) await onModel(host, action.action, model, outcome, options, budget, world);
    options.onProgress?.({ done: outcomes.length, total, action });
  }
  return { outcomes, skipped: command.skipped, notes: (command.unknownModels ?? []).map(unknownNote) };
}

const UNDONE = { add_model: "not added", remove_model: "none removed", move_model: "none moved" } as const;

/** "no unicorn in the catalog: 2 not added". */
function unknownNote(model: NonNullable<TextCommand["unknownModels"]>[number]): string {
  const what = model.action === "change_habitat" ? "not done" : UNDONE[model.action];
  const count = model.action === "add_model" ? `${Math.max(1, model.number)} ` : "";
  return `no ${model.name} in the catalog: ${count}${what}`;
}

async function changeHabitat(
  host: Host,
  state: CommandState,
  action: TextCommandAction,
  outcome: CommandOutcome,
  options: ResolvedCommandOptions,
  budget: SpawnBudget,
) {
  const said = action.habitat ?? "";
  // The real service answers a grammar word ("savannah"); a stand-in word (space, cave…) names
  // a place the catalog has no creatures of, so the scene stays rather than show a substitute.
  const habitat = (STAND_IN_HABITAT_WORDS as ReadonlySet<string>).has(said) ? undefined : habitatOfWord(said);
  if (habitat === undefined) {
    note(outcome, `"${said}" is not one of the catalog's habitats: the scene stays as it is`);
    return;
  }
  if (budget.left === 0) {
    note(outcome, `the ${habitat} was not made: the command had spawned its most, ${budget.max} (maxSpawns)`);
    return;
  }
  if (options.onChangeHabitat) {
    const made = await options.onChangeHabitat(habitat);
    if (made) outcome.creatures.push(...made.creatures);
    budget.left = Math.max(0, budget.left - (made?.creatures.length ?? 0));
    return;
  }
  state.habitatGroup?.dispose();
  state.habitatGroup = undefined;
  const group = await host.populate({ ...options.populate, habitat, signal: options.signal });
  state.habitatGroup = group;
  outcome.creatures.push(...group.creatures);
  for (const creature of group.creatures) options.onCreatureAdded?.(creature);
  budget.left = Math.max(0, budget.left - group.creatures.length);
  if (group.creatures.length === 0) note(outcome, `no creature of the ${habitat} could be placed`);
}

/** The place a model's location names, with a note when it falls back to the viewer. */
function placeOf(
  host: Host,
  model: TextCommandAction["models"][number],
  outcome: CommandOutcome,
  viewer: Anchor,
  places: CommandWorld["places"],
) {
  const location = model.location;
  if (!location || location.relative === "here" || !location.modelName)
    return { anchor: viewer, relative: location?.relative ?? "here" };
  const anchor = findAnchor(host.scene, host.creatures, location.modelName, places);
  if (anchor) return { anchor, relative: location.relative };
  note(outcome, `no ${location.modelName} in the scene: ${baseName(model.name)} placed near the camera`);
  return { anchor: viewer, relative: "near" as const };
}

/** True when a creature stands in one of its world's waters (a swimmer a spawn put in the nearest one). */
function inWater(creature: Creature): boolean {
  const waters = creature.motion.world?.waters ?? [];
  return isInWater(waters, creature.motion.x, creature.motion.z);
}

/** The creatures called `name`, nearest the viewer first; `count` 0: all of them. */
function creaturesCalled(host: Host, name: string, count: number, viewer: Anchor): Creature[] {
  const found = host.creatures.filter((c) => !c.isDisposed && names(name, c.record.name));
  const distance = (c: Creature) => whereIs(c.root).subtract(viewer.position).lengthSquared();
  found.sort((a, b) => distance(a) - distance(b));
  return count > 0 ? found.slice(0, count) : found;
}

async function onModel(
  host: Host,
  kind: TextCommandAction["action"],
  model: TextCommandAction["models"][number],
  outcome: CommandOutcome,
  options: ResolvedCommandOptions,
  budget: SpawnBudget,
  world: CommandWorld,
): Promise<void> {
  const viewer = viewerAnchor(host.scene, options.viewerDistance);
  if (kind === "remove_model" || kind === "move_model") {
    const found = creaturesCalled(host, model.name, model.number, viewer);
    if (found.length === 0) {
      note(outcome, `no ${baseName(model.name)} in the scene`);
      return;
    }
    if (kind === "remove_model") {
      for (const creature of found) creature.dispose();
    } else {
      if (!model.location) {
        note(outcome, `no place to move the ${baseName(model.name)} to`);
        return;
      }
      const { anchor, relative } = placeOf(host, model, outcome, viewer, world.places);
      found.forEach((creature, i) => {
        const target = spot(anchor, relative, i, viewer);
        // A visit with no stay: it walks there, then goes back to what it was doing (wandering).
        // Arrival (or not) is the creature's own business: its events tell the game.
        void creature.visit({ x: target.x, z: target.z }, { stay: 0 }).catch(() => undefined);
      });
    }
    outcome.creatures.push(...found);
    return;
  }
  const wanted = Math.min(MAX_SPAWNS, Math.max(1, model.number));
  const count = Math.min(wanted, budget.left);
  budget.left -= count;
  const asked = `${Math.max(1, model.number)} ${baseName(model.name)} asked: ${count} spawned`;
  if (count < wanted) note(outcome, `${asked}, a command spawns ${budget.max} at most (maxSpawns)`);
  else if (model.number > MAX_SPAWNS) note(outcome, asked);
  if (count === 0) return;
  const { anchor, relative } = placeOf(host, model, outcome, viewer, world.places);
  const spawned = await Promise.allSettled(
    Array.from({ length: count }, (_, i) =>
      host.spawnCreature(model.name, { position: spot(anchor, relative, i, viewer), signal: options.signal }),
    ),
  );
  const added: Creature[] = [];
  for (const result of spawned) {
    if (result.status === "fulfilled") added.push(result.value);
    else
      note(
        outcome,
        `${baseName(model.name)} could not be spawned: ${(result.reason as Error)?.message ?? String(result.reason)}`,
      );
  }
  outcome.creatures.push(...added);
  if (added.some((c) => c.realm === "water" && !inWater(c)))
    note(outcome, `no water in the scene: ${baseName(model.name)} left on dry ground`);
  options.signal?.throwIfAborted();
  // They live as a populate's creatures do, in the populate they were put in, if any.
  await bringToLife(added, spot(anchor, relative, 0, viewer), host.creatures, world.populated);
  for (const creature of added) options.onCreatureAdded?.(creature);
}
