/**
 * The public defaults of the Menagerie's options, data tables included. A module of its own: a
 * Menagerie reads only `MENAGERIE_SETTINGS_DEFAULTS` when it is made (menagerieOptions.ts), so
 * this object, which holds every gait and body plan, is in a game's bundle only when the game
 * imports it.
 */
import { BEHAVIOR_GAITS } from "../../motion/gaits/index.js";
import { BODY_PLANS } from "../../rig/bodyPlans.js";
import { MENAGERIE_SETTINGS_DEFAULTS, type MenagerieOptions } from "./menagerieOptions.js";

/**
 * Defaults of {@link MenagerieOptions} (the client's own, such as `lookupPath`, are the client's; `ground` has none).
 * @category Menagerie
 */
export const MENAGERIE_DEFAULTS: Readonly<
  Required<
    Omit<MenagerieOptions, "client" | "baseUrl" | "apiKey" | "lookupPath" | "app" | "fetch" | "assetCache" | "ground">
  >
> = Object.freeze({ ...MENAGERIE_SETTINGS_DEFAULTS, bodyPlans: BODY_PLANS, gaits: BEHAVIOR_GAITS });
