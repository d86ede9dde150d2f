/**
 * The default {@link PathPlanner}: the grid A* of pathfinding.ts round the world's obstacles
 * (and its waters, for walkers), on whatever ground the creature stands. It never calls a way
 * unreachable: a walled-in walker heads straight and its `moveTo` settles when it gets stuck.
 */
import { findPath, isClear } from "./pathfinding.js";
import type { Obstacle, PathPlanner, PlannedAgent, Vec2 } from "./types.js";

function planOnGrid(agent: PlannedAgent, from: Vec2, to: Vec2, avoid: readonly Obstacle[] = []): Vec2[] {
  // Flyers pass over obstacles; walkers and swimmers go round (walkers round water too).
  if (agent.altitude > 0) return [];
  const world = agent.world;
  const solid = world?.obstacles ?? [];
  const waters = agent.realm === "ground" ? (world?.waters ?? []) : [];
  const obstacles = waters.length + avoid.length > 0 ? [...solid, ...waters, ...avoid] : solid;
  if (obstacles.length === 0) return [];
  const clearance = agent.radius * 1.5 + 0.2;
  if (isClear(from, to, obstacles, clearance)) return [];
  const path = findPath(from, to, obstacles, { clearance });
  return path ? path.slice(0, -1) : [];
}

/**
 * The grid A* as a planner: what every world uses until a game gives it another.
 * @category Motion
 */
export const GRID_PLANNER: PathPlanner = Object.freeze({ plan: planOnGrid });
