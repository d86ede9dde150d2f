/**
 * The rigged GLB path, fuzzed (fast-check, fixed seed): mutated GLB bytes (bit flips, runs,
 * truncations, splices, structural edits of the JSON chunk) of the tiny fixture and of a real
 * catalog GLB fed to buildRiggedTemplate, and mutated rigged record shapes fed to the client
 * (over a fetch answering them), modelAssets and fetchModelAssets. Only a typed error
 * (LoadError, ResponseValidationError) or a success is allowed; after either, nothing stays in
 * the scene; no GLB makes the loader fetch anything. The case counts are printed at the end.
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLookupClient } from "../../src/api/client.js";
import { fetchModelAssets } from "../../src/api/fetchModelAssets.js";
import { modelAssets, modelForm } from "../../src/api/modelAssets.js";
import { buildRiggedTemplate, type GlbBytes } from "../../src/babylon/gltf/index.js";
import { registerMenagerie } from "../../src/babylon/register.js";
import { instantiateRigged } from "../../src/babylon/runtime/body/riggedInstance.js";
import type { MenagerieWarning } from "../../src/babylon/types.js";
import { isMenagerieError } from "../../src/core/errors.js";
import { isHttpUrl, recordObjModelUrl, recordRigModelUrl } from "../../src/records/recordAssets.js";
import type { ModelRecord } from "../../src/records/schemas.js";
import { generatedCatalog, settleWithin, watchUnhandledRejections } from "../helpers/faultHarness.js";
import { mutatedGlb } from "../helpers/glbMutations.js";
import { makeRecord, makeRiggedRecord } from "../helpers/records.js";
import { createRiggedScene, riggedCounts } from "../helpers/riggedScene.js";
import { tinyRiggedGlb } from "../helpers/tinyGlb.js";

const SEED = Number(process.env["FUZZ_SEED"] ?? 20261124);
const counts = new Map<string, number>();
let rejections: ReturnType<typeof watchUnhandledRejections>;
let started = 0;

async function checkAsync<Ts extends [unknown, ...unknown[]]>(
  name: string,
  numRuns: number,
  property: fc.IAsyncProperty<Ts>,
): Promise<void> {
  // No shrinking: a case that leaked would make every later one fail, so the first is the one.
  await fc.assert(property, { seed: SEED, numRuns, endOnFailure: true });
  counts.set(name, (counts.get(name) ?? 0) + numRuns);
}

/** Requests a GLB makes the loader try on its own (it must make none: Menagerie fetches). */
let loaderRequests = 0;
const ownXhr = globalThis.XMLHttpRequest;
const ownFetch = globalThis.fetch;

beforeAll(() => {
  registerMenagerie();
  rejections = watchUnhandledRejections();
  started = performance.now();
  globalThis.XMLHttpRequest = class {
    constructor() {
      loaderRequests++;
      throw new Error("the loader may not make requests");
    }
  } as unknown as typeof XMLHttpRequest;
});

afterAll(() => {
  globalThis.XMLHttpRequest = ownXhr;
  rejections?.stop();
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const lines = [...counts].map(([name, n]) => `  ${String(n).padStart(7)}  ${name}`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\nFuzzed rigged inputs (seed ${SEED}): ${total} in ${seconds} s\n${lines.join("\n")}\n`);
});

describe("GLB bytes, fuzzed", () => {
  const cases: [name: string, runs: number, source: () => Promise<[Uint8Array, Uint8Array]>][] = [
    ["tiny fixture", 3_000, async () => [await tinyRiggedGlb(), await tinyRiggedGlb({ clip: "walk" })]],
    [
      "catalog zebra",
      300,
      async () => {
        const dir = `${await generatedCatalog()}/zebra/rig`;
        return [new Uint8Array(readFileSync(`${dir}/idle.glb`)), new Uint8Array(readFileSync(`${dir}/walk.glb`))];
      },
    ],
  ];

  for (const [label, runs, source] of cases) {
    it(`buildRiggedTemplate on mutated ${label} GLBs: a template or a LoadError, and the scene as it was`, async () => {
      const [idle, walk] = await source();
      const { scene, dispose } = createRiggedScene();
      const baseline = riggedCounts(scene);
      globalThis.fetch = ((...args: Parameters<typeof fetch>) => {
        loaderRequests++;
        return ownFetch(...args);
      }) as typeof fetch;
      try {
        await checkAsync(
          `buildRiggedTemplate: mutated ${label} GLB (as the model or as another clip)`,
          runs,
          fc.asyncProperty(mutatedGlb(idle, walk), fc.boolean(), async (bytes, asModel) => {
            const requestsBefore = loaderRequests;
            const warnings: MenagerieWarning[] = [];
            const glbs = new Map<string, GlbBytes>(
              asModel
                ? [
                    ["idle", bytes],
                    ["walk", walk],
                  ]
                : [
                    ["idle", idle],
                    ["walk", bytes],
                  ],
            );
            const settled = await settleWithin(
              buildRiggedTemplate(scene, "fuzz", glbs, { warn: (w) => void warnings.push(w) }),
              10_000,
            );
            if (settled.state === "hung") return false;
            let verdict: boolean;
            if (settled.state === "rejected") {
              const error = settled.error;
              verdict = isMenagerieError(error, "load") && asModel && error.asset === "clip:idle";
            } else {
              const template = settled.value;
              // A clip that failed, or a model GLB without an animation, is a clip-failed warning.
              verdict =
                template.modelClip === "idle" &&
                warnings.every((w) => w.code === "clip-failed" && (w.asset === "clip:walk" || w.asset === "clip:idle"));
              // What loads must make a creature of a finite, positive size.
              const creature = instantiateRigged(scene, template, {
                name: "fuzz",
                size: { axis: "height", meters: 1 },
              });
              verdict &&=
                Number.isFinite(creature.scale) && creature.scale > 0 && Number.isFinite(creature.heightMeters);
              creature.dispose();
              template.dispose();
            }
            expect(riggedCounts(scene)).toEqual(baseline);
            return verdict && loaderRequests === requestsBefore;
          }),
        );
      } finally {
        globalThis.fetch = ownFetch;
        dispose();
      }
      expect(loaderRequests).toBe(0);
      expect(rejections.count).toBe(0);
    }, 120_000);
  }
});

// --- record shapes ------------------------------------------------------------------------

const URL_OK = "https://cdn.test/x/idle.glb?Expires=4102444800&KeyName=k&Signature=s";
const VALUES: readonly unknown[] = [
  null,
  undefined,
  0,
  -1,
  1e308,
  "",
  " ",
  "idle.glb",
  "/assets/x/idle.glb",
  "//cdn.test/x.glb",
  "javascript:alert(1)",
  "data:model/gltf-binary;base64,Z2xURg==",
  URL_OK,
  "http://cdn.test/x.glb?Expires=1&KeyName=k&Signature=s", // long expired
  [],
  [URL_OK],
  {},
  { GLB: URL_OK },
  { glb: URL_OK },
  { GLB: "idle.glb", glb: URL_OK },
  { Glb: URL_OK },
  { animations: { idle: { GLB: URL_OK } } },
  { glb: URL_OK, gltf: URL_OK, obj: URL_OK },
  { fbx: URL_OK },
  true,
  "0 m",
  "2.4 m",
];

/** Every path to a value of a record. */
function pathsOf(value: unknown, at: string[] = [], out: string[][] = []): string[][] {
  if (value !== null && typeof value === "object")
    for (const [k, v] of Object.entries(value)) {
      out.push([...at, k]);
      pathsOf(v, [...at, k], out);
    }
  return out;
}

const BASES = [
  () => makeRiggedRecord("horse"),
  () => makeRecord("fox"),
  () => ({ ...makeRecord("dog"), model: { ...makeRecord("dog").model, rig: makeRiggedRecord("dog").model.rig } }),
];
const NAMES = ["idle", "IDLE", "Idle", "walk", "run", "fly", "swim", "", "jump_start", "GLB", "glb", "model"];

/** A record, then 1..5 edits: a value deleted, replaced, or a key renamed. */
const mutatedRecord = fc
  .tuple(
    fc.nat({ max: BASES.length - 1 }),
    fc.array(fc.tuple(fc.nat(), fc.constantFrom("delete", "replace", "rename"), fc.nat()), {
      minLength: 1,
      maxLength: 5,
    }),
    fc.boolean(),
  )
  .map(([base, edits, wrapped]) => {
    const record = BASES[base]!() as Record<string, unknown>;
    for (const [pick, op, value] of edits) {
      const paths = pathsOf(record);
      const path = paths[pick % paths.length]!;
      let parent = record;
      for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
      const key = path.at(-1)!;
      const old = parent[key];
      if (op === "delete") delete parent[key];
      else if (op === "replace") parent[key] = structuredClone(VALUES[value % VALUES.length]);
      else if (!Array.isArray(parent)) {
        delete parent[key];
        parent[NAMES[value % NAMES.length]!] = old;
      }
    }
    return wrapped ? [record] : record; // the service has sent both shapes
  });

describe("rigged record shapes, fuzzed", () => {
  it("the client, modelAssets and fetchModelAssets give a record, its assets or a typed error", async () => {
    await checkAsync(
      "mutated rigged records: client, modelForm/modelAssets, fetchModelAssets",
      8_000,
      fc.asyncProperty(
        mutatedRecord,
        fc.constantFrom("rig", "parts") as fc.Arbitrary<"rig" | "parts">,
        async (raw, prefer) => {
          const client = createLookupClient({
            baseUrl: "http://svc.test",
            retry: 0,
            cache: false,
            fetch: (async () => new Response(JSON.stringify(raw), { status: 200 })) as typeof fetch,
          });
          let record: ModelRecord | null;
          try {
            record = await client.getModel("x");
          } catch (error) {
            return isMenagerieError(error, "validation");
          }
          if (record === null) return false; // a record (or a one-element list) was sent
          const form = modelForm(record, prefer);
          const { assets } = modelAssets(record, prefer);
          const required = assets.filter((a) => a.onFailure === "required");
          if (form === "rig") {
            if (assets.length === 0 || !assets.every((a) => a.kind === "clip" && a.id.startsWith("clip:")))
              return false;
            if (required.length !== 1 || required[0]!.locate(record) !== recordRigModelUrl(record)) return false;
            if (!isHttpUrl(required[0]!.locate(record))) return false;
          } else if (form === "whole" && !isHttpUrl(recordObjModelUrl(record))) return false;
          else if (form === "parts" && !Object.values(record.model.parts).some(isHttpUrl)) return false;

          const warnings: MenagerieWarning[] = [];
          try {
            const fetched = await fetchModelAssets(
              record,
              {
                linkMarginSeconds: 60,
                now: () => 1_900_000_000_000,
                prefer,
                fetchAsset: async (_url, as) =>
                  as === "text"
                    ? { status: 200, text: "v 0 0 0\n", size: 8 }
                    : { status: 200, bytes: new ArrayBuffer(4), size: 4 },
                refresh: async (r) => r,
                warn: (w) => void warnings.push(w),
                progress: () => undefined,
              },
              new AbortController().signal,
            );
            if (fetched.form !== form) return false;
            if (form === "rig" && !fetched.clips.has(required[0]!.id.slice("clip:".length))) return false;
          } catch (error) {
            if (!isMenagerieError(error, "load")) return false;
          }
          return warnings.every((w) =>
            ["part-failed", "material-failed", "texture-failed", "clip-failed"].includes(w.code),
          );
        },
      ),
    );
    expect(rejections.count).toBe(0);
  }, 120_000);
});
