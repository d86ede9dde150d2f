/**
 * The options and the account of `menagerie.command` (the code that carries a command out is
 * the lazy `command/` folder, loaded with the first command).
 */

import type { TransformNode } from "@babylonjs/core/Meshes/transformNode.js";
import type { SkippedTextCommandAction, TextCommandAction } from "../../api/textCommandAnswer.js";
import { nonNegativeInteger } from "../../core/options.js";
import type { Habitat } from "../../records/habitats.js";
import type { Creature } from "../creature.js";
import type { CreatureGroup } from "../populate/index.js";
import type { AreaInput } from "./areaInput.js";
import type { PopulateOptions } from "./populateOptions.js";

/**
 * Options of `menagerie.command`.
 * @category Menagerie
 */
export interface CommandOptions {
  /** Cancels the parse and the spawns under way (what was done stays done). */
  signal?: AbortSignal | undefined;
  /** Told after each action is carried out. */
  onProgress?: ((progress: { done: number; total: number; action: TextCommandAction }) => void) | undefined;
  /**
   * How a `change_habitat` populates (the habitat comes from the command); the group the
   * previous command made is disposed first. @default { count: 24 }
   */
  populate?: Omit<PopulateOptions, "habitat" | "signal"> | undefined;
  /**
   * Carries out `change_habitat` the game's way (its own ground, sky and water for the habitat)
   * instead of `populate`; resolves to the group it made, if any.
   */
  onChangeHabitat?: ((habitat: Habitat) => Promise<CreatureGroup | undefined>) | undefined;
  /** Metres from the viewer where `here` / `front` put creatures. @default 8 */
  viewerDistance?: number | undefined;
  /**
   * The most creatures one command spawns, all its actions together (one model of one action
   * spawns at most 50): an answer that asks for more is cut, and the outcomes' notes say what
   * was not spawned. A `change_habitat` counts the creatures it made, and is left undone once
   * the command has spawned this many. @default 200
   */
  maxSpawns?: number | undefined;
  /**
   * Told of each creature the command adds (`add_model`, and a `change_habitat`'s populate),
   * once it has joined the life of the scene: a game's own reactions (a name tag, a sound).
   */
  onCreatureAdded?: ((creature: Creature) => void) | undefined;
}

/**
 * A place a game names for its text commands (`menagerie.addPlace`): an area (a circle, a
 * polygon), a mesh (its footprint on the ground) or a node (a point).
 * @category Menagerie
 */
export type PlaceInput = AreaInput | TransformNode;

/** The defaults of {@link CommandOptions}: `populate.count`, `viewerDistance` and `maxSpawns`. */
export const COMMAND_DEFAULTS = Object.freeze({ populateCount: 24, viewerDistance: 8, maxSpawns: 200 });

/** Command options with their defaults filled: what carrying a command out reads. */
export interface ResolvedCommandOptions extends CommandOptions {
  readonly populate: Omit<PopulateOptions, "habitat" | "signal">;
  readonly viewerDistance: number;
  readonly maxSpawns: number;
}

/**
 * Checks a command's own options and fills their defaults from {@link COMMAND_DEFAULTS} (the
 * populate options are populate's to check).
 */
export function resolveCommandOptions(options: CommandOptions): ResolvedCommandOptions {
  return {
    ...options,
    populate: { count: COMMAND_DEFAULTS.populateCount, ...options.populate },
    viewerDistance: options.viewerDistance ?? COMMAND_DEFAULTS.viewerDistance,
    maxSpawns: nonNegativeInteger("maxSpawns", options.maxSpawns ?? COMMAND_DEFAULTS.maxSpawns),
  };
}

/**
 * What `menagerie.command` did for one action.
 * @category Menagerie
 */
export interface CommandOutcome {
  /** The action, as the client read it. */
  action: TextCommandAction;
  /** Creatures spawned (add_model), sent (move_model) or disposed (remove_model). */
  creatures: Creature[];
  /** What could not be done as asked, in words ("no pond in the scene: placed near the camera"). */
  notes: string[];
}

/**
 * What `menagerie.command` did: an outcome per action, in order, and the actions the client
 * could not read (unknown kinds), left undone.
 * @category Menagerie
 */
export interface CommandAccount {
  /** One per action carried out, in order. */
  outcomes: CommandOutcome[];
  /** Actions the client could not read, not carried out. */
  skipped: SkippedTextCommandAction[];
  /**
   * What the command asked for that belongs to no action, in words: models the catalog does
   * not have ("no unicorn in the catalog: 2 not added").
   */
  notes: string[];
}
