export * from "./bodyPlans.js";
export * from "./box.js";
export * from "./layoutRig.js";
