export { Menagerie, MENAGERIE_DEFAULTS, type MenagerieOptions, type SpawnOptions, type MenagerieStats } from "./menagerie.js";
export { Creature, type CreaturePlacement, type CreatureNodeMetadata } from "./creature.js";
export { registerMenagerie } from "./register.js";
export type { LoadProgress, MenagerieWarning } from "./types.js";
export type { ModelTemplate, TemplatePart } from "./loadModel.js";
export { splitMtl, type MtlTextureRef, type SplitMtl, type TextureSlot } from "../api/mtlText.js";
export { CreatureGroup, POPULATE_DEFAULTS, type PopulateOptions, type PopulateProgress } from "./populate.js";
export { toArea, toHeightFunction, type AreaInput } from "./ground.js";
