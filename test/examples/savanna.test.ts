/**
 * examples/savanna.ts, the guide's savanna, played under NullEngine against the reference
 * service over real HTTP on the generated catalog, with fixed steps: herds keep together, a
 * predator catches prey, the crows flock, the fish stay in the pond and the walkers out of it,
 * the elephant reaches the water round the props, grazers shy from the player. And the guide
 * shows the example's own code, so neither can drift from the other.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playSavanna, type SavannaTerrain } from "../../examples/savanna.js";
import { Menagerie } from "../../src/babylon/menagerie.js";
import { FleeBehavior } from "../../src/motion/behaviors/flee.js";
import { createNullScene } from "../helpers/babylonScene.js";
import { startCatalogService } from "../helpers/catalogService.js";

let service: Awaited<ReturnType<typeof startCatalogService>>;

beforeAll(async () => {
  service = await startCatalogService();
}, 120_000);

afterAll(async () => {
  await service?.close();
});

const pond = { center: { x: 8, z: 6 }, radius: 4 };
/** Gentle hills, and a bowl under the pond so the fish have depth. */
function ground(x: number, z: number): number {
  const d = Math.hypot(x - pond.center.x, z - pond.center.z) / pond.radius;
  return 0.4 * Math.sin(x * 0.13) * Math.cos(z * 0.11) - (d < 1.2 ? 1.5 * (1 - (d / 1.2) ** 2) : 0);
}
/** In the pond, or within `by` metres of its edge when `by` is negative. */
const inPond = (p: { x: number; z: number }, by = 0) =>
  Math.hypot(p.x - pond.center.x, p.z - pond.center.z) < pond.radius + by;
/** Mean resultant length of headings: 1 when all face one way, near 0 when scattered. */
const alignment = (headings: number[]) =>
  Math.hypot(
    headings.reduce((s, h) => s + Math.sin(h), 0),
    headings.reduce((s, h) => s + Math.cos(h), 0),
  ) / headings.length;

describe("the savanna example (examples/savanna.ts)", () => {
  it("is the code the guide shows, in under 60 lines", () => {
    const file = readFileSync(new URL("../../examples/savanna.ts", import.meta.url), "utf8");
    const code = file.slice(file.indexOf("// savanna:start\n") + 17, file.indexOf("// savanna:end")).trimEnd();
    expect(code.split("\n").length).toBeLessThan(60);
    const shown = code.replace('from "../src/index.js"', 'from "babylon-menagerie"');
    const guide = readFileSync(new URL("../../docs/guide.md", import.meta.url), "utf8");
    expect(guide).toContain(`\`\`\`ts\n${shown}\n\`\`\``);
  });

  it("plays: herds keep together while a predator hunts, crows flock, fish swim, the elephant drinks", async () => {
    const env = createNullScene();
    const menagerie = new Menagerie(env.scene, { baseUrl: service.url, apiKey: "dev-key", autoStep: false, seed: 42 });
    try {
      // The plains' models loaded first, as a game preloads: the hunt is chaotic in the order the
      // creatures join the world, which otherwise follows which model's files arrived first (one
      // fresh-clone run in five saw a fleeing herd stretch past the bound below). Loaded, their
      // spawns finish in the plan's order, and every run plays the same.
      for (const name of ["zebra", "sheep", "deer", "elephant", "lion", "leopard"]) await menagerie.preload(name);
      const player = { position: { x: -26, z: -26 } };
      const terrain: SavannaTerrain = { ground, pond, player };
      const s = await playSavanna(menagerie, terrain);
      const names = new Set(s.plains.creatures.map((c) => c.name));
      expect([...names].filter((n) => n === "lion" || n === "leopard").length).toBeGreaterThan(0);
      expect(s.plains.scenery.length).toBe(14);
      expect(s.fish.creatures.length).toBeGreaterThan(0);
      expect(s.elephant).toBeDefined();
      const herds = s.plains.groups.filter((g) => g.kind === "herd");
      expect(herds.length).toBeGreaterThan(1);
      const startSpread = herds.map((h) => h.spread());

      const walkers = () => s.plains.creatures.filter((c) => c.motion.altitude === 0);
      let wetWalkers = 0;
      let dryFish = 0;
      let elephantInProp = 0;
      let crowAlignment = 0;
      for (let i = 1; i <= 60 * 20; i++) {
        menagerie.stepMotion(0.05);
        if (i % 20) continue; // once a second, as a game's frames do, it lets promises settle:
        await new Promise((resolve) => setImmediate(resolve));
        // A walker never wades in: a prey fleeing along the shore may splash its edge (less
        // than its own radius), as AvoidAreaBehavior pushes back harder the deeper it is.
        wetWalkers += walkers().filter((c) => inPond(c.root.position, -c.motion.radius)).length;
        dryFish += s.fish.creatures.filter((c) => !inPond(c.root.position)).length;
        const e = s.elephant!.root.position;
        elephantInProp += s.plains.scenery.filter(
          (p) => Math.hypot(e.x - p.root.position.x, e.z - p.root.position.z) < p.radius,
        ).length;
        if (i === 10 * 20) crowAlignment = alignment(s.crows.map((c) => c.motion.heading));
      }
      // Predators caught prey (each an onCaughtObservable event); the game's handler ate them.
      expect(s.catches.length).toBeGreaterThan(0);
      for (const { hunter, prey } of s.catches) {
        expect(["lion", "leopard"]).toContain(hunter.name);
        expect(prey.isDisposed).toBe(true);
      }
      // Herds keep together though hunted: on average within twice their start, and none
      // scattered over the plain (the elephants' is left out: one was sent to drink). Twice, as in
      // the demo's hunt test, not the 1.5 of a herd left to wander (test/motion/group.test.ts):
      // flights from lions stretch a herd, and which herd a lion meets first depends on which
      // model loaded first (a fresh-clone run measured 1.74 times).
      const grazing = herds.filter((h) => !h.members.includes(s.elephant!.motion) && h.members.length > 1);
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      const spreads = grazing.map((h) => h.spread());
      expect(grazing.length).toBeGreaterThan(1);
      expect(mean(spreads)).toBeLessThanOrEqual(2 * mean(grazing.map((h) => startSpread[herds.indexOf(h)]!)));
      console.info(`savanna herd spreads: ${spreads.map((x) => x.toFixed(3)).join(" ")}`);
      expect(Math.max(...spreads)).toBeLessThan(12);
      expect(crowAlignment).toBeGreaterThanOrEqual(0.7);
      expect([wetWalkers, dryFish, elephantInProp]).toEqual([0, 0, 0]);
      expect(await s.drinking).toBe(true);

      // The player walks up to a zebra: it shies away from the player, then calms down.
      const zebra = s.plains.creatures.find((c) => c.name === "zebra" && c.state === "wander")!;
      const fear = zebra.motion.behaviours.find((b) => b instanceof FleeBehavior && b.target === s.you);
      expect(fear?.engaged).toBe(false);
      player.position = { x: zebra.root.position.x + 2, z: zebra.root.position.z };
      for (let i = 0; i < 20; i++) menagerie.stepMotion(0.05);
      expect([fear!.engaged, zebra.state]).toEqual([true, "flee"]);
      player.position = { x: -26, z: -26 };
      for (let i = 0; i < 20 * 20; i++) menagerie.stepMotion(0.05);
      expect(fear!.engaged).toBe(false);
    } finally {
      menagerie.dispose();
      env.dispose();
    }
  }, 180_000);
});
