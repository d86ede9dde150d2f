/**
 * What a creature's motion agent (agent.ts) shares with its moving body (steeredBody.ts), kept
 * off both classes so that none of it is public: the order's goal and limits, the poser, and
 * what runs after each step. The body makes it and shares it here; the agent takes it back.
 */
import type { AgentPoser } from "./agentPose.js";
import type { SteeringBehavior } from "./types.js";

/** @internal */
export interface BodyOrder {
  /** What the order steers toward (wander, arrive, follow...), paused while a reaction is engaged. */
  goal: SteeringBehavior | null;
  /** The order's own limits (stay in an area, out of others). */
  limits: SteeringBehavior[];
  /** Poses it each step (the agent re-poses a held pose through it). */
  readonly poser: AgentPoser;
  /** Called after each step (the agent checks arrivals and state). */
  afterChange: () => void;
}

const orders = new WeakMap<object, BodyOrder>();

/**
 * Shares a body's order (the body calls it once, when made).
 * @internal
 */
export function shareBodyOrder(body: object, order: BodyOrder): void {
  orders.set(body, order);
}

/**
 * A body's order, with `afterChange` set to what the agent runs after each step.
 * @internal
 */
export function bodyOrder(body: object, afterChange: () => void): BodyOrder {
  const order = orders.get(body)!;
  order.afterChange = afterChange;
  return order;
}
