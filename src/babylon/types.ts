/** Events and progress reports of the Babylon layer; they are born in the engine-free loader. */
export type { LoadProgress, MenagerieWarning } from "../api/loadEvents.js";
