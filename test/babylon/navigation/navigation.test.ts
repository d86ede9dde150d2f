/**
 * Navigation on a level of boxes (no other fixture has it): a river bed 2 m below two banks, a
 * bridge deck across, and a 1 m block on the west bank whose top is a ledge (and whose inside
 * recast leaves walkable: a "cave"). Catalog zebras from the reference service, fixed steps.
 */
import net from "node:net";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { CreateBox } from "@babylonjs/core/Meshes/Builders/boxBuilder.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { describe, expect, it } from "vitest";
import type { Creature } from "../../../src/babylon/creature.js";
import type { Menagerie } from "../../../src/babylon/menagerie.js";
import type { NavigationProgress } from "../../../src/babylon/options/navigationOptions.js";
import { isMenagerieError } from "../../../src/core/errors.js";
import { catalogMenagerieFixture } from "../../helpers/catalogMenagerie.js";

const fixture = catalogMenagerieFixture();
const DT = 1 / 30;
const BANK = 3; // the banks' inner edges are at x = ±3
const BRIDGE_Z = 1; // the deck spans z in [-1, 1]
const BRIDGE_TOP = 0.2;
const LEDGE = { x0: -15, x1: -9, z0: 7, z1: 13, top: 1 };

function box(scene: Scene, name: string, min: [number, number, number], max: [number, number, number]): Mesh {
  const size = { width: max[0] - min[0], height: max[1] - min[1], depth: max[2] - min[2] };
  const mesh = CreateBox(name, size, scene);
  mesh.position.set((min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2);
  mesh.computeWorldMatrix(true);
  return mesh;
}

/** The level: river bed, banks, bridge deck, ledge. */
function canyon(scene: Scene): Mesh[] {
  return [
    box(scene, "bed", [-BANK, -3, -20], [BANK, -2, 20]),
    box(scene, "west", [-20, -2, -20], [-BANK, 0, 20]),
    box(scene, "east", [BANK, -2, -20], [20, 0, 20]),
    box(scene, "deck", [-BANK - 0.5, 0, -BRIDGE_Z], [BANK + 0.5, BRIDGE_TOP, BRIDGE_Z]),
    box(scene, "ledge", [LEDGE.x0, 0, LEDGE.z0], [LEDGE.x1, LEDGE.top, LEDGE.z1]),
  ];
}

const run = (menagerie: Menagerie, seconds: number, each?: () => void) => {
  for (let i = 0; i < Math.round(seconds / DT); i++) {
    menagerie.stepMotion(DT);
    each?.();
  }
};
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const spawnAt = (menagerie: Menagerie, x: number, z: number, y = 0) =>
  menagerie.spawnCreature("zebra", { position: new Vector3(x, y, z) });

/** Where a walker may be on this level, by the shapes above (a metre of slack round the edges' erosion). */
function onLevel(c: Creature): string | undefined {
  const { x, y, z } = c.motion;
  if (Math.abs(x) < BANK - 0.05) {
    if (Math.abs(z) > BRIDGE_Z || Math.abs(y - BRIDGE_TOP) > 0.15) return `over the river off the deck at ${fmt(c)}`;
  } else if (x >= LEDGE.x0 && x <= LEDGE.x1 && z >= LEDGE.z0 && z <= LEDGE.z1) {
    if (Math.abs(y - LEDGE.top) > 0.15) return `inside the ledge's block at ${fmt(c)}`;
  } else if (y < -0.15 || y > BRIDGE_TOP + 0.15) return `off the banks' height at ${fmt(c)}`;
  if (Math.abs(x) > 20 || Math.abs(z) > 20) return `off the level at ${fmt(c)}`;
  return undefined;
}
const fmt = (c: Creature) => `(${c.motion.x.toFixed(2)}, ${c.motion.y.toFixed(2)}, ${c.motion.z.toFixed(2)})`;

describe("navigation on a level of boxes", () => {
  it("builds in a lazy chunk from the installed packages, telling its progress, and fetches nothing from off the machine", async () => {
    const { env, menagerie } = fixture.setup();
    const hosts: string[] = [];
    const connect = net.Socket.prototype.connect;
    const realFetch = globalThis.fetch;
    net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
      const first = args[0] as { host?: string } | number | string;
      hosts.push(typeof first === "object" ? String(first.host ?? "localhost") : String(args[1] ?? "localhost"));
      return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
    } as typeof connect;
    globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) => {
      hosts.push(new URL(input instanceof Request ? input.url : String(input)).hostname);
      return realFetch(input, init);
    }) as typeof fetch;
    const stages: NavigationProgress["stage"][] = [];
    try {
      await spawnAt(menagerie, -10, -10);
      await menagerie.enableNavigation({ meshes: canyon(env.scene), onProgress: (p) => stages.push(p.stage) });
    } finally {
      net.Socket.prototype.connect = connect;
      globalThis.fetch = realFetch;
    }
    expect(stages).toEqual(["loading", "building", "ready"]);
    expect(hosts.length).toBeGreaterThan(0); // the catalog lookup and assets went by HTTP
    expect(hosts.filter((h) => !["127.0.0.1", "localhost", "::1"].includes(h))).toEqual([]);
  });

  it("rejects with typed errors: nothing to build from, a bad option", async () => {
    const { menagerie } = fixture.setup();
    const none = await menagerie.enableNavigation({ meshes: [] }).catch((e: unknown) => e);
    expect(isMenagerieError(none, "navigation") && none.reason).toBe("no-geometry");
    const bad = await menagerie.enableNavigation({ cellSize: -1 }).catch((e: unknown) => e);
    expect(isMenagerieError(bad, "options") && bad.option).toBe("cellSize");
  });

  it("sends a walker across the river by its bridge, feet on the deck, never down in the bed", async () => {
    const { env, menagerie } = fixture.setup();
    await menagerie.enableNavigation({ meshes: canyon(env.scene) });
    const zebra = await spawnAt(menagerie, -10, -10);
    let arrived: boolean | undefined;
    zebra.motion.moveTo({ x: 10, z: -10 }, { onArrive: (ok) => (arrived = ok), stuckSeconds: 10 });
    let crossedAt: { z: number; y: number } | undefined;
    let lowest = Infinity;
    run(menagerie, 60, () => {
      lowest = Math.min(lowest, zebra.motion.y);
      if (crossedAt === undefined && zebra.motion.x > 0) crossedAt = { z: zebra.motion.z, y: zebra.motion.y };
    });
    await flush();
    expect(arrived).toBe(true);
    expect(Math.abs(zebra.motion.x - 10) + Math.abs(zebra.motion.z + 10)).toBeLessThan(1);
    expect(Math.abs(crossedAt!.z), "crossed the river off the bridge").toBeLessThan(BRIDGE_Z);
    expect(crossedAt!.y).toBeCloseTo(BRIDGE_TOP, 1);
    expect(lowest).toBeGreaterThan(-0.15);
  });

  it("stands walkers on the ledge's top (not in the block's cave) and on the deck, and keeps them there", async () => {
    const { env, menagerie } = fixture.setup();
    await menagerie.enableNavigation({ meshes: canyon(env.scene) });
    const onLedge = await spawnAt(menagerie, -12, 10);
    const onDeck = await spawnAt(menagerie, 0, 0);
    run(menagerie, 0.1);
    expect(onLedge.motion.y).toBeCloseTo(LEDGE.top, 1);
    expect(onLedge.root.position.y).toBeCloseTo(LEDGE.top, 1);
    expect(onDeck.motion.y).toBeCloseTo(BRIDGE_TOP, 1);
    onLedge.motion.wander();
    let off: string | undefined;
    run(menagerie, 20, () => {
      off ??= onLevel(onLedge);
      if (Math.abs(onLedge.motion.y - LEDGE.top) > 0.15) off ??= `fell off the ledge to ${fmt(onLedge)}`;
    });
    expect(off).toBeUndefined();
  });

  it("settles moveTo false when an obstacle cuts the only way, at once, and the walker stays on its bank", async () => {
    const { env, menagerie } = fixture.setup();
    await menagerie.enableNavigation({ meshes: canyon(env.scene) });
    const zebra = await spawnAt(menagerie, -12, -6);
    let arrived: boolean | undefined;
    zebra.motion.moveTo({ x: 10, z: -6 }, { onArrive: (ok) => (arrived = ok) });
    run(menagerie, 1);
    expect(arrived).toBeUndefined();
    const cart = box(env.scene, "cart", [-1, BRIDGE_TOP, -BRIDGE_Z - 0.5], [1, 2, BRIDGE_Z + 0.5]);
    menagerie.addObstacle(cart);
    run(menagerie, 0.2);
    await flush();
    expect(arrived).toBe(false);
    expect(zebra.motion.x).toBeLessThan(-BANK);
    // The cart taken away, the way is open again.
    menagerie.removeObstacle(cart);
    zebra.motion.moveTo({ x: 10, z: -6 }, { onArrive: (ok) => (arrived = ok), stuckSeconds: 10 });
    run(menagerie, 40);
    await flush();
    expect(arrived).toBe(true);
  });

  it("keeps twelve walkers on the navmesh through a minute of wandering, crowded on the bridge and by the ledge", async () => {
    const { env, menagerie } = fixture.setup();
    await menagerie.enableNavigation({ meshes: canyon(env.scene) });
    const herd: Creature[] = [];
    for (let i = 0; i < 6; i++) herd.push(await spawnAt(menagerie, -2 + i * 0.8, 0.2 * (i % 2))); // on the deck
    for (let i = 0; i < 6; i++) herd.push(await spawnAt(menagerie, -8.5 + (i % 2) * 0.5, 8 + i)); // against the block
    for (const c of herd) c.motion.wander();
    const offs: string[] = [];
    run(menagerie, 60, () => {
      for (const c of herd) {
        const off = onLevel(c);
        if (off && offs.length < 5) offs.push(off);
      }
    });
    expect(offs).toEqual([]);
  });

  it("gives walkers back to the grid when disabled", async () => {
    const { env, menagerie } = fixture.setup();
    await menagerie.enableNavigation({ meshes: canyon(env.scene) });
    const zebra = await spawnAt(menagerie, -12, 10);
    run(menagerie, 0.1);
    expect(zebra.motion.y).toBeCloseTo(LEDGE.top, 1);
    menagerie.disableNavigation();
    run(menagerie, 0.1);
    expect(zebra.motion.y).toBeCloseTo(0, 5); // the flat ground of a Menagerie without a ground
  });
});
