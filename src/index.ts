/**
 * babylon-menagerie: browser-safe entry point (lookup client, rig, motion, Babylon plugin).
 * Importing this module has no side effects; registering anything with Babylon is an explicit
 * call.
 */
export * from "./api/index.js";
export * from "./rig/index.js";
export * from "./babylon/index.js";
export * from "./motion/index.js";
