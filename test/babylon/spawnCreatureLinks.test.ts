/**
 * spawnCreature's requests over the reference service and its catalog: the records and signed
 * links it really answers with, one lookup and one request per asset however many copies, links
 * refreshed once when they expire within the margin or are refused (403), a typed error when
 * even fresh links are expired, and parts or a material the service fails to send left out with
 * a warning. Refusals and failures come from the service's own fault mode.
 */

import type { BaseTexture } from "@babylonjs/core/Materials/Textures/baseTexture.js";
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import type { InstancedMesh } from "@babylonjs/core/Meshes/instancedMesh.js";
import { afterEach, describe, expect, it } from "vitest";
import { createLookupClient } from "../../src/api/client.js";
import { Menagerie } from "../../src/babylon/menagerie.js";
import type { MenagerieWarning } from "../../src/babylon/types.js";
import { isMenagerieError, type LoadError } from "../../src/core/errors.js";
import type { LookupServerOptions } from "../../src/service/index.js";
import { createNullScene, sceneCounts } from "../helpers/babylonScene.js";
import { countingFetch, startCatalogService } from "../helpers/catalogService.js";

type Service = Awaited<ReturnType<typeof startCatalogService>>;

let service: Service | undefined;
let env: ReturnType<typeof createNullScene> | undefined;
let menagerie: Menagerie | undefined;

afterEach(async () => {
  menagerie?.dispose();
  env?.dispose();
  await service?.close();
  [service, env, menagerie] = [undefined, undefined, undefined];
});

/** A service with `options`, a Menagerie on a fresh scene whose client counts its requests. */
async function setup(options: Partial<LookupServerOptions> = {}) {
  service = await startCatalogService(options);
  env = createNullScene();
  const counted = countingFetch();
  const client = createLookupClient({ baseUrl: service.url, apiKey: "dev-key", fetch: counted.fetch });
  const warnings: MenagerieWarning[] = [];
  menagerie = new Menagerie(env.scene, { client, fetch: counted.fetch });
  menagerie.onWarningObservable.add((w) => warnings.push(w));
  const url = service.url;
  const paths = () => counted.urls.map((u) => new URL(u));
  return {
    service,
    scene: env.scene,
    menagerie,
    warnings,
    /** Lookups asked for, as their query. */
    lookups: () =>
      paths()
        .filter((u) => u.pathname === "/anything")
        .map((u) => u.searchParams),
    /** Requests for one catalog file (`fox/body.obj`), or for every file under a folder (`fox/`). */
    assetCount: (file: string) =>
      paths().filter((u) => {
        const path = decodeURIComponent(u.pathname);
        return file.endsWith("/") ? path.startsWith(`/assets/${file}`) : path === `/assets/${file}`;
      }).length,
    total: () => counted.urls.length,
    url,
  };
}

/** The catalog files a spawn of `name` loads: its parts, its MTL and its textures. */
function filesOf(name: string): string[] {
  const record = service!.catalogFile.records.find((r) => r.name === name)!;
  const { parts, other } = record.model;
  return [...Object.values(parts), other.material!, ...other.texture!];
}

describe("spawnCreature's requests", () => {
  it("fetches each asset once for 20 copies, with one lookup", async () => {
    const t = await setup();
    const copies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.menagerie.spawnCreature("fox", { position: new Vector3(i, 0, 0) })),
    );
    expect(copies).toHaveLength(20);
    expect(t.lookups()).toHaveLength(1);
    const files = filesOf("fox");
    expect(files).toHaveLength(14); // 11 parts, the MTL and two textures
    for (const file of files) expect(t.assetCount(file), file).toBe(1);
    expect(t.assetCount("fox/")).toBe(files.length);
    expect(t.menagerie.stats.assetRequests).toBe(files.length);
    // Copies share geometry and materials: instances of the same sources.
    const sources = new Set(copies.flatMap((c) => c.meshes.map((m) => (m as InstancedMesh).sourceMesh)));
    expect(sources.size).toBe(copies[0]!.meshes.length);
    const more = await t.menagerie.spawnCreature("fox");
    expect((more.meshes[0] as InstancedMesh).sourceMesh).toBe((copies[0]!.meshes[0] as InstancedMesh).sourceMesh);
    expect(t.total()).toBe(1 + files.length);
  });

  it("keeps two models whose files share names apart, also when they load together", async () => {
    const t = await setup();
    // The fox and the wolf both have body.obj and accent.png (their accent material's map).
    expect(filesOf("fox")).toContain("fox/accent.png");
    expect(filesOf("wolf")).toContain("wolf/accent.png");
    const [f, w] = await Promise.all([t.menagerie.spawnCreature("fox"), t.menagerie.spawnCreature("wolf")]);
    expect(t.assetCount("fox/accent.png")).toBe(1);
    expect(t.assetCount("wolf/accent.png")).toBe(1);
    expect(t.assetCount("fox/body.obj")).toBe(1);
    expect(t.assetCount("wolf/body.obj")).toBe(1);
    const texture = (name: string) => t.scene.textures.filter((x: BaseTexture) => x.name === name);
    const url = (x: BaseTexture) => (x as unknown as { url: string }).url;
    expect(texture("fox/accent.png").map(url)).toEqual([`data:${t.url}/assets/fox/accent.png`]);
    expect(texture("wolf/accent.png").map(url)).toEqual([`data:${t.url}/assets/wolf/accent.png`]);
    expect(f.getPart("body")!.getChildMeshes()[0]!.material).not.toBe(w.getPart("body")!.getChildMeshes()[0]!.material);
  });

  it("refreshes a record whose links expire within the margin exactly once before loading", async () => {
    const t = await setup({ linkLifetimeSeconds: 30 }); // inside the client's 60 s margin
    await t.menagerie.spawnCreature("fox");
    expect(t.lookups().map((q) => q.get("fuzzy"))).toEqual([null, "false"]);
    expect(t.assetCount("fox/body.obj")).toBe(1);
  });

  it("refreshes once when assets answer 403, then loads with the new links", async () => {
    // The service refuses its first link to the body as expired (403), then serves it.
    const t = await setup({ faults: { rules: [{ targets: ["obj"], kind: "expire", match: "fox/body", first: 1 }] } });
    const creature = await t.menagerie.spawnCreature("fox");
    expect(creature.listParts()).toHaveLength(11);
    expect(t.lookups()).toHaveLength(2); // the first lookup + one refresh
    expect(t.assetCount("fox/body.obj")).toBe(2); // 403, then 200
    expect(t.warnings).toEqual([]);
  });

  it("does not loop when assets keep answering 403", async () => {
    const t = await setup({ faults: { rules: [{ targets: ["asset"], kind: "expire" }] } });
    const error = (await t.menagerie.spawnCreature("fox").catch((e: unknown) => e)) as LoadError;
    expect(isMenagerieError(error, "load")).toBe(true);
    expect(error.reason).toBe("no-body");
    expect(t.lookups()).toHaveLength(2); // the lookup + one refresh
    expect(t.assetCount("fox/body.obj")).toBe(2); // 403, one refresh, 403 again: given up
    expect(t.warnings.find((w) => w.asset === "body")?.message).toMatch(/HTTP 403/);
  });

  it("gives up with a typed error when even the refreshed record's links have expired", async () => {
    // A service whose clock is two hours behind signs links that expired long ago.
    const t = await setup({ linkLifetimeSeconds: 60, now: () => Date.now() - 7_200_000 });
    const error = (await t.menagerie.spawnCreature("fox").catch((e: unknown) => e)) as LoadError;
    expect(isMenagerieError(error, "load")).toBe(true);
    expect(error.reason).toBe("expired");
    expect(t.lookups()).toHaveLength(2);
    expect(t.assetCount("fox/")).toBe(0);
  });

  it("shares one lookup and one load between concurrent spawns, and a loaded model needs no request", async () => {
    const t = await setup();
    await Promise.all([t.menagerie.spawnCreature("fox"), t.menagerie.spawnCreature("fox"), t.menagerie.preload("fox")]);
    expect(t.lookups()).toHaveLength(1);
    expect(t.assetCount("fox/head.obj")).toBe(1);
    const before = t.total();
    await t.menagerie.spawnCreature("fox");
    expect(t.total()).toBe(before);
  });

  it("reports progress up to every asset loaded", async () => {
    const t = await setup();
    const reports: { assetsLoaded: number; assetsTotal: number; done: boolean }[] = [];
    await t.menagerie.spawnCreature("fox", { onProgress: (p) => reports.push(p) });
    const files = filesOf("fox").length;
    expect(reports.at(-1)).toMatchObject({ assetsLoaded: files, assetsTotal: files, done: true });
    expect(reports.filter((r) => r.done)).toHaveLength(1);
    expect(reports.map((r) => r.assetsLoaded)).toEqual([...reports.map((r) => r.assetsLoaded)].sort((a, b) => a - b));
  });
});

describe("spawnCreature when the service fails a file", () => {
  it("leaves out a part that answers 404 and says so", async () => {
    const t = await setup({
      faults: { rules: [{ targets: ["obj"], kind: "status", status: 404, match: "fox/tail" }] },
    });
    const creature = await t.menagerie.spawnCreature("fox");
    expect(creature.listParts()).not.toContain("tail");
    expect(creature.listParts()).toHaveLength(10);
    expect(t.warnings).toMatchObject([{ code: "part-failed", model: "fox", asset: "tail" }]);
    expect(t.warnings[0]!.message).toMatch(
      /^Cannot load tail of "fox": HTTP 404: GET http:\/\/127\.0\.0\.1:\d+\/assets\/fox\/tail\.obj\?Expires=/,
    );
  });

  it("loads without textures when the MTL fails, with a warning", async () => {
    const t = await setup({ faults: { rules: [{ targets: ["mtl"], kind: "status", status: 404 }] } });
    const creature = await t.menagerie.spawnCreature("fox");
    expect(creature.listParts()).toHaveLength(11);
    expect(t.warnings.map((w) => w.code)).toEqual(["material-failed"]);
    // The textures were requested with the MTL (before knowing it failed), then left unused.
    expect(t.assetCount("fox/fox fur.png")).toBe(1);
    expect(t.assetCount("fox/accent.png")).toBe(1);
    // The only texture is the crowd's joint texture (the pose of each creature), no image.
    expect(t.scene.textures.map((x) => x.name)).toEqual(["fox/crowd/joints"]);
  });

  it("fails with a typed error when the body cannot be loaded, leaving nothing behind", async () => {
    const t = await setup({
      faults: { rules: [{ targets: ["obj"], kind: "status", status: 404, match: "fox/body" }] },
    });
    const before = sceneCounts(t.scene);
    const error = (await t.menagerie.spawnCreature("fox").catch((e: unknown) => e)) as LoadError;
    expect(isMenagerieError(error, "load")).toBe(true);
    expect(error.reason).toBe("no-body");
    expect(error.message).toBe('Cannot load model of "fox": its body could not be loaded');
    expect(sceneCounts(t.scene)).toEqual(before);
  });

  it("fails with a typed error for a name the service does not know", async () => {
    const t = await setup();
    const error = (await t.menagerie.spawnCreature("unicorn").catch((e: unknown) => e)) as LoadError;
    expect(isMenagerieError(error, "load")).toBe(true);
    expect(error.reason).toBe("not-found");
  });
});
