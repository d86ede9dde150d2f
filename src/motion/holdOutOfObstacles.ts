/**
 * The hard rule of obstacles, after steering: a creature's step never ends deeper into an
 * obstacle's clearance band (its edge plus the creature's radius) than it started. Steering
 * only pushes, and another push (an area's edge, a herd) can outweigh it; this holds the line
 * whatever the order. Engine-free and allocation-free: it runs per agent per step.
 */
import { probeEdge } from "./area.js";
import { EdgeScratch } from "./behaviors/steeringBehavior.js";
import { onOtherFloor } from "./obstacles.js";
import type { Obstacle } from "./types.js";

/** What {@link holdOutOfObstacles} moves: a creature's position and velocity, and its size. */
export interface ObstacleBody {
  x: number;
  z: number;
  vx: number;
  vz: number;
  readonly radius: number;
}

/** Rounding a held step may be left with (metres) before it counts as still in. */
const SLACK = 1e-6;
/** Rounds of push-outs: one obstacle's push can put a creature into the next where they touch. */
const PASSES = 3;

const probe = new EdgeScratch();

/** How deep `at` is in an obstacle's band and the unit direction inward, handed over in fields. */
class Depth {
  deep = 0.5;
  x = 0.5;
  z = 0.5;
}
const depth = new Depth();
const allowed = new Depth();

/**
 * Holds `body` out of the obstacles (a step from `from` to where it is): for each obstacle
 * near it, whose band it ended deeper in than `from` was (none, when `from` was clear), it is
 * pushed back out to that depth and loses its velocity into the obstacle. Where obstacles touch
 * and the push-outs do not agree, it stays at `from`, stopped. True when it moved it (its
 * speed changed). `floorY`: its feet's height where floors lie above each other (a navmesh):
 * obstacles on another floor are passed.
 */
export function holdOutOfObstacles(
  body: ObstacleBody,
  obstacles: readonly Obstacle[],
  from: { readonly x: number; readonly z: number },
  floorY?: number,
): boolean {
  let moved = false;
  for (let pass = 0; pass < PASSES; pass++) {
    let pushed = false;
    for (let i = 0; i < obstacles.length; i++) {
      const o = obstacles[i]!;
      if (!onOtherFloor(o, floorY) && pushOut(body, o, from)) pushed = true;
    }
    if (!pushed) return moved;
    moved = true;
  }
  for (let i = 0; i < obstacles.length; i++) {
    if (onOtherFloor(obstacles[i]!, floorY) || !deeper(body, obstacles[i]!, from)) continue;
    body.x = from.x;
    body.z = from.z;
    body.vx = 0;
    body.vz = 0;
    return true;
  }
  return true;
}

/** Pushes `body` back out of obstacle `o`'s band to the depth `from` had; true when it did. */
function pushOut(body: ObstacleBody, o: Obstacle, from: { readonly x: number; readonly z: number }): boolean {
  if (!bandDepth(body, o, body, depth)) return false;
  bandDepth(body, o, from, allowed);
  const start = Math.max(0, allowed.deep);
  if (!(depth.deep > start)) return false;
  const by = depth.deep - start;
  body.x -= depth.x * by;
  body.z -= depth.z * by;
  const into = body.vx * depth.x + body.vz * depth.z;
  if (into > 0) {
    body.vx -= depth.x * into;
    body.vz -= depth.z * into;
  }
  return true;
}

/** True when `body` is still deeper (past {@link SLACK}) in `o`'s band than `from` was. */
function deeper(body: ObstacleBody, o: Obstacle, from: { readonly x: number; readonly z: number }): boolean {
  if (!bandDepth(body, o, body, depth)) return false;
  bandDepth(body, o, from, allowed);
  return depth.deep > Math.max(0, allowed.deep) + SLACK;
}

/**
 * Writes into `out` how deep `at` is in `o`'s band (edge plus `body`'s radius; positive in)
 * and the inward direction; false, without probing, when `at` is beyond the band's bounding
 * circle or not in the band.
 */
function bandDepth(
  body: ObstacleBody,
  o: Obstacle,
  at: { readonly x: number; readonly z: number },
  out: Depth,
): boolean {
  out.deep = -1;
  const dx = at.x - o.x;
  const dz = at.z - o.z;
  const reach = o.reach + body.radius;
  if (dx * dx + dz * dz >= reach * reach) return false;
  probeEdge(o.area, at, probe);
  out.deep = probe.distance + body.radius;
  out.x = probe.x;
  out.z = probe.z;
  return out.deep > 0;
}
