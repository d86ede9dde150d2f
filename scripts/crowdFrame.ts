/**
 * Dev measurement for crowds (not part of the bench): N wandering walkers in a NullEngine scene,
 * drawn by their crowds (the default) or with their own nodes grown (what every creature cost
 * before: `creature.meshes` grows them), in two scenes of the same process measured in
 * alternation. Frame = `stepMotion(1/60)` + `render()`. Nodes = transform nodes + meshes the
 * creatures added; heap = retained after GC, per scene while it is built.
 * `node --expose-gc --import tsx scripts/crowdFrame.ts 200 1000`
 */
import { createBenchScene } from "../bench/benchScene.js";
import { startCountingServer } from "../bench/countingServer.js";
import { FOREST_SPECIES } from "../bench/populate.js";
import { Menagerie } from "../src/babylon/menagerie.js";
import { ensureDefaultCatalog } from "../src/service/defaultCatalog.js";

const sizes = process.argv.slice(2).map(Number);
const gc = (globalThis as { gc?: () => void }).gc!;
const settle = async () => {
  gc();
  await new Promise((r) => setTimeout(r, 50));
  gc();
};
const catalogDir = await ensureDefaultCatalog({ log: () => {} });
const server = await startCountingServer(catalogDir);

async function build(count: number, grow: boolean) {
  const bench = createBenchScene();
  const menagerie = new Menagerie(bench.scene, { baseUrl: server.url, apiKey: "dev-key" });
  const records = await Promise.all(
    FOREST_SPECIES.map(async (n) => (await menagerie.client!.getModel(n, { fuzzy: false }))!),
  );
  for (const r of records) await menagerie.preload(r);
  const scene = bench.scene;
  scene.render();
  await settle();
  const heap0 = process.memoryUsage().heapUsed;
  const nodes0 = scene.transformNodes.length + scene.meshes.length;
  const columns = Math.ceil(Math.sqrt(count));
  const half = (columns * 1.5) / 2;
  const area = { center: { x: 0, z: 0 }, radius: half * 1.5 };
  for (let i = 0; i < count; i++) {
    const c = await menagerie.spawnCreature(records[i % records.length]!, {
      position: { x: (i % columns) * 1.5 - half, y: 0, z: Math.floor(i / columns) * 1.5 - half },
    });
    c.wander({ area });
    if (grow) void c.meshes;
  }
  scene.onBeforeRenderObservable.clear();
  const frame = () => {
    menagerie.stepMotion(1 / 60);
    scene.render();
  };
  for (let i = 0; i < 30; i++) frame();
  await settle();
  const heap = (process.memoryUsage().heapUsed - heap0) / 2 ** 20;
  const nodes = scene.transformNodes.length + scene.meshes.length - nodes0;
  return {
    frame,
    nodes,
    heap,
    active: () => scene.getActiveMeshes().length,
    dispose: () => {
      menagerie.dispose();
      bench.dispose();
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
for (const count of sizes.length ? sizes : [200, 1000]) {
  const crowd = await build(count, false);
  // CROWD_ONLY=1 measures the crowd alone (for a CPU profile of it).
  const nodes = process.env.CROWD_ONLY ? crowd : await build(count, true);
  const frames = Math.max(10, Math.round(4000 / count));
  const times = { crowd: [] as number[], nodes: [] as number[] };
  for (let r = 0; r < 7; r++) {
    for (const [key, s] of [
      ["crowd", crowd],
      ["nodes", nodes],
    ] as const) {
      const t = performance.now();
      for (let i = 0; i < frames; i++) s.frame();
      times[key].push((performance.now() - t) / frames);
    }
  }
  for (const [key, s] of [
    ["crowd", crowd],
    ["nodes", nodes],
  ] as const) {
    const t = times[key];
    console.log(
      `${count} walkers, ${key.padEnd(5)}: frame median ${median(t).toFixed(2)} ms (min ${Math.min(...t).toFixed(2)}), nodes ${s.nodes}, active meshes ${s.active()}, heap ${s.heap.toFixed(1)} MB`,
    );
  }
  crowd.dispose();
  if (nodes !== crowd) nodes.dispose();
}
await server.close();
