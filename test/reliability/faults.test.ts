/**
 * The fault matrix: the reference service in fault mode, the real lookup client and the real
 * loader (NullEngine, global fetch), one fault per row. Each row names the outcome it must give
 * — succeeded, retried and succeeded, degraded (with a warning), or a typed error — and every
 * row must also leave no unhandled rejection, no hung promise, no half-built creature in the
 * scene and no `abort` listener behind. `npm run test:faults` prints the matrix as a table.
 */
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLookupClient, type LookupClient } from "../../src/api/client.js";
import type { Creature } from "../../src/babylon/creature.js";
import { Menagerie } from "../../src/babylon/menagerie.js";
import type { CreatureGroup } from "../../src/babylon/populate/index.js";
import type { MenagerieWarning } from "../../src/babylon/types.js";
import { isMenagerieError, type LoadError } from "../../src/core/errors.js";
import type { FaultRule } from "../../src/service/faults/faultRules.js";
import type { LookupServer } from "../../src/service/index.js";
import {
  type FaultOutcome,
  type FaultRow,
  type FaultRunResult,
  generatedCatalog,
  nextTick,
  type Settled,
  settleWithin,
  startFaultService,
  watchAbortListeners,
  watchUnhandledRejections,
} from "../helpers/faultHarness.js";
import { createRiggedScene, riggedCounts } from "../helpers/riggedScene.js";
import { GLB_ROWS } from "./glbFaultRows.js";

type Outcome = FaultOutcome;
type Row = FaultRow;
type RunResult = FaultRunResult;

const FOX_PARTS = [
  "body",
  "head",
  "leg_front_left_bot",
  "leg_front_left_top",
  "leg_front_right_bot",
  "leg_front_right_top",
  "leg_hind_left_bot",
  "leg_hind_left_top",
  "leg_hind_right_bot",
  "leg_hind_right_top",
  "tail",
];

const errorOf = (r: RunResult) => (r.settled.state === "rejected" ? (r.settled.error as LoadError) : undefined);

const ROWS: Row[] = [
  {
    fault: "none (fault mode on, no rules)",
    rules: [],
    expected: "succeeded",
    check: (r) => expect(r.parts).toEqual(FOX_PARTS),
  },
  {
    fault: "latency 300 ms on every request",
    rules: [{ targets: ["lookup", "asset"], kind: "latency", latencyMs: 300 }],
    expected: "succeeded",
    check: (r) => expect(r.parts).toEqual(FOX_PARTS),
  },
  {
    fault: "lookup 503 × 2 (first 2)",
    rules: [{ targets: ["lookup"], kind: "status", status: 503, first: 2 }],
    expected: "retried and succeeded",
  },
  {
    fault: "lookup 500 always",
    rules: [{ targets: ["lookup"], kind: "status", status: 500 }],
    expected: "typed error",
    check: (r) => expect(errorOf(r)).toMatchObject({ name: "HTTPError", status: 500 }),
  },
  {
    fault: "lookup 429 Retry-After 1 (first 1)",
    rules: [{ targets: ["lookup"], kind: "rate-limit", retryAfterSeconds: 1, first: 1 }],
    expected: "retried and succeeded",
  },
  {
    fault: "lookup 429 always",
    rules: [{ targets: ["lookup"], kind: "rate-limit", retryAfterSeconds: 1 }],
    expected: "typed error",
    check: (r) => expect(errorOf(r)).toMatchObject({ name: "HTTPError", status: 429, retryAfterSeconds: 1 }),
  },
  {
    fault: "lookup connection dropped mid-body (first 1)",
    rules: [{ targets: ["lookup"], kind: "drop", first: 1 }],
    expected: "retried and succeeded",
  },
  {
    fault: "lookup connection dropped mid-body always",
    rules: [{ targets: ["lookup"], kind: "drop" }],
    expected: "typed error",
    check: (r) => expect(errorOf(r)).toMatchObject({ name: "NetworkError" }),
  },
  {
    fault: "lookup truncated JSON (first 1)",
    rules: [{ targets: ["lookup"], kind: "truncate", first: 1 }],
    expected: "typed error",
    check: (r) => expect(errorOf(r)).toMatchObject({ name: "ResponseValidationError" }),
  },
  {
    fault: "lookup slower than the client timeout (first 1)",
    rules: [{ targets: ["lookup"], kind: "latency", latencyMs: 1500, first: 1 }],
    client: { timeoutMs: 500 },
    expected: "retried and succeeded",
  },
  {
    fault: "lookup 503 at rate 0.25, seed 11, 20 lookups",
    rules: [{ targets: ["lookup"], kind: "status", status: 503, rate: 0.25 }],
    seed: 11,
    run: "lookups",
    expected: "retried and succeeded",
  },
  {
    fault: "OBJ 503 × 2 (first 2)",
    rules: [{ targets: ["obj"], kind: "status", status: 503, first: 2 }],
    expected: "retried and succeeded",
    check: (r) => expect(r.parts).toEqual(FOX_PARTS),
  },
  {
    fault: "OBJ dropped mid-body at rate 0.3, seed 5",
    rules: [{ targets: ["obj"], kind: "drop", rate: 0.3 }],
    seed: 5,
    expected: "retried and succeeded",
    check: (r) => expect(r.parts).toEqual(FOX_PARTS),
  },
  {
    fault: "tail OBJ 503 always",
    rules: [{ targets: ["obj"], kind: "status", status: 503, match: "tail" }],
    expected: "degraded",
    check: (r) => {
      expect(r.parts).toEqual(FOX_PARTS.filter((p) => p !== "tail"));
      expect(r.warnings.map((w) => [w.code, w.asset])).toEqual([["part-failed", "tail"]]);
    },
  },
  {
    fault: "tail OBJ corrupt bytes",
    rules: [{ targets: ["obj"], kind: "corrupt", match: "tail" }],
    expected: "degraded",
    check: (r) => {
      expect(r.parts).toEqual(FOX_PARTS.filter((p) => p !== "tail"));
      expect(r.warnings.map((w) => [w.code, w.asset])).toEqual([["part-failed", "tail"]]);
    },
  },
  {
    fault: "body OBJ 503 always",
    rules: [{ targets: ["obj"], kind: "status", status: 503, match: "body" }],
    expected: "typed error",
    check: (r) => expect(errorOf(r)).toMatchObject({ name: "LoadError", reason: "no-body" }),
  },
  {
    fault: "every OBJ corrupt",
    rules: [{ targets: ["obj"], kind: "corrupt" }],
    expected: "typed error",
    check: (r) => expect(errorOf(r)).toMatchObject({ name: "LoadError", reason: "no-body" }),
    // Garbage that holds a few "v" lines but no face makes Babylon's SolidParser add a point-cloud
    // material; parseObj disposes the meshes but not that material, so 3 stay in the scene.
  },
  {
    fault: "MTL 500 always",
    rules: [{ targets: ["mtl"], kind: "status", status: 500 }],
    expected: "degraded",
    check: (r) => {
      expect(r.parts).toEqual(FOX_PARTS);
      expect(r.warnings.map((w) => w.code)).toEqual(["material-failed"]);
    },
  },
  {
    fault: "MTL connection dropped mid-body always",
    rules: [{ targets: ["mtl"], kind: "drop" }],
    expected: "degraded",
    check: (r) => {
      expect(r.parts).toEqual(FOX_PARTS);
      expect(r.warnings.map((w) => w.code)).toEqual(["material-failed"]);
    },
  },
  {
    fault: "texture slow (100 ms / KB) once, timeout 500 ms",
    rules: [{ targets: ["texture"], kind: "slow", chunkDelayMs: 100, chunkBytes: 1024, first: 1 }],
    assetTimeoutMs: 500,
    expected: "retried and succeeded",
  },
  {
    fault: "texture slow (100 ms / KB) always, timeout 500 ms",
    rules: [{ targets: ["texture"], kind: "slow", chunkDelayMs: 100, chunkBytes: 1024, match: "fur" }],
    assetTimeoutMs: 500,
    expected: "degraded",
    check: (r) => {
      expect(r.parts).toEqual(FOX_PARTS);
      expect(r.warnings.map((w) => [w.code, w.asset])).toEqual([["texture-failed", "texture:fox fur.png"]]);
    },
  },
  {
    fault: "texture 503 always",
    rules: [{ targets: ["texture"], kind: "status", status: 503 }],
    expected: "degraded",
    check: (r) => expect(r.warnings.every((w) => w.code === "texture-failed")).toBe(true),
  },
  {
    fault: "populate: OBJ dropped mid-body at rate 0.2, seed 9",
    rules: [{ targets: ["obj"], kind: "drop", rate: 0.2 }],
    seed: 9,
    run: "populate",
    expected: "retried and succeeded",
    check: (r) => {
      expect(r.group!.names).toHaveLength(12);
      expect(r.group!.omissions).toEqual([]);
    },
  },
  {
    fault: "populate: deer body OBJ 503 always",
    rules: [{ targets: ["obj"], kind: "status", status: 503, match: "/deer/body" }],
    run: "populate",
    expected: "degraded",
    check: (r) => {
      expect(r.group!.omissions).toHaveLength(1);
      expect(r.group!.omissions[0]).toMatch(/^deer: Cannot load model of "deer": its body could not be loaded/);
      expect(r.group!.names.length).toBeGreaterThan(0);
      expect(r.group!.names.every((n) => n === "fox" || n === "wolf")).toBe(true);
    },
  },
  {
    fault: "link expires early: 403 on one OBJ (first 1)",
    rules: [{ targets: ["obj"], kind: "expire", first: 1 }],
    expected: "retried and succeeded",
    check: (r) => expect(r.parts).toEqual(FOX_PARTS),
    // fetchModelAssets.ts refreshes the record once on 403 and tries the asset once more, also
    // when the service signed the same link again (it does within the same second).
  },
  {
    fault: "links expire early: 403 on every asset",
    rules: [{ targets: ["asset"], kind: "expire" }],
    expected: "typed error",
    check: (r) => expect(errorOf(r)).toMatchObject({ name: "LoadError", reason: "no-body" }),
  },
  ...GLB_ROWS,
];

interface MatrixLine {
  fault: string;
  outcome: string;
  attempts: string;
  ok: boolean;
}

const matrix: MatrixLine[] = [];
/** Requests a healthy spawn of each species makes (its row without rules runs first). */
const healthyRequests = new Map<string, number>();
let rejections: ReturnType<typeof watchUnhandledRejections>;
let listeners: ReturnType<typeof watchAbortListeners>;

beforeAll(async () => {
  await generatedCatalog();
  rejections = watchUnhandledRejections();
  listeners = watchAbortListeners();
}, 120_000);

afterAll(() => {
  listeners?.stop();
  rejections?.stop();
  const lines = [
    "| fault | outcome | attempts |",
    "| --- | --- | --- |",
    ...matrix.map((m) => `| ${m.fault} | ${m.ok ? "" : "UNEXPECTED: "}${m.outcome} | ${m.attempts} |`),
    ...(RUN_KNOWN_BUGS
      ? []
      : ROWS.filter((r) => r.knownBug).map((r) => `| ${r.fault} | left out, known bug: ${r.knownBug} | - |`)),
  ];
  console.log(`\nFault matrix (${matrix.length} faults):\n\n${lines.join("\n")}\n`);
});

function classify(
  settled: Settled<unknown>,
  warnings: MenagerieWarning[],
  retried: boolean,
  omissions: string[] = [],
): { outcome: Outcome | "hung" | "untyped error"; detail: string } {
  if (settled.state === "hung") return { outcome: "hung", detail: "" };
  if (settled.state === "rejected") {
    if (!isMenagerieError(settled.error))
      return { outcome: "untyped error", detail: inspect(settled.error).split("\n")[0]! };
    const error = settled.error as unknown as { name: string; reason?: string; status?: number };
    const what = [error.name, error.reason ?? error.status].filter((x) => x !== undefined).join(" ");
    return { outcome: "typed error", detail: what };
  }
  if (warnings.length > 0 || omissions.length > 0) {
    const what = [
      ...warnings.map((w) => `${w.code}${w.asset ? ` ${w.asset}` : ""}`),
      ...omissions.map((o) => `left out ${o.split(":")[0]}`),
    ];
    return { outcome: "degraded", detail: [...new Set(what)].join(", ") };
  }
  return { outcome: retried ? "retried and succeeded" : "succeeded", detail: "" };
}

const HUNG_MS = 15_000;
const RUN_KNOWN_BUGS = process.env["MENAGERIE_KNOWN_BUGS"] === "1";
const RUN_ROWS = ROWS.filter((row) => RUN_KNOWN_BUGS || !row.knownBug);
// Left-out rows are registered as skipped, so Vitest counts and names them: never a silent skip.
const KNOWN_BUG_ROWS = ROWS.filter((row) => !RUN_ROWS.includes(row));

describe("fault matrix", () => {
  it("sees what it watches: a listener left on a live signal counts, a removed one does not", () => {
    const watch = watchAbortListeners(/reliability[/\\]faults\.test/);
    try {
      const signal = new AbortController().signal;
      const keep = () => undefined;
      const drop = () => undefined;
      signal.addEventListener("abort", keep);
      signal.addEventListener("abort", drop);
      signal.removeEventListener("abort", drop);
      expect(watch.leaked()).toBe(1);
    } finally {
      watch.stop();
    }
  });

  it("sees a hung promise: one that never settles loses the race against the timer", async () => {
    expect(await settleWithin(new Promise(() => undefined), 50)).toEqual({ state: "hung" });
    expect(await settleWithin(Promise.reject(new Error("x")), 50)).toMatchObject({ state: "rejected" });
  });

  if (KNOWN_BUG_ROWS.length > 0)
    it.skip.each(KNOWN_BUG_ROWS.map((row) => [row.fault, row.knownBug]))("%s: left out, known bug: %s", () => {});

  it.each(RUN_ROWS.map((row) => [row.fault, row] as const))(
    "%s",
    async (_name, row) => {
      const server: LookupServer = await startFaultService({ rules: row.rules, seed: row.seed ?? 1 });
      // Rigged species bring PBR materials and the scene's shared BRDF texture: made before the
      // baseline, which also counts skeletons, animation groups and live asset containers.
      const env = createRiggedScene();
      const baseline = riggedCounts(env.scene);
      const species = row.species ?? "fox";
      const warnings: MenagerieWarning[] = [];
      let retries = 0;
      const client: LookupClient = createLookupClient({
        baseUrl: server.url,
        apiKey: "dev-key",
        retry: { limit: 2, baseDelayMs: 20, maxDelayMs: 100 },
        timeoutMs: row.client?.timeoutMs ?? 5000,
        cache: row.run !== "lookups",
        onRetry: () => void retries++,
      });
      const menagerie = new Menagerie(env.scene, {
        client,
        assetRetry: { limit: 2, baseDelayMs: 20, maxDelayMs: 100 },
        assetTimeoutMs: row.assetTimeoutMs ?? 5000,
      });
      menagerie.onWarningObservable.add((w) => void warnings.push(w));
      const lifetime = new AbortController(); // a long-lived caller signal: listeners on it must not pile up
      listeners.reset();
      const unhandledBefore = rejections.count;
      try {
        let settled: Settled<unknown>;
        let parts: string[] | undefined;
        let group: RunResult["group"];
        let clips: string[] | undefined;
        let kind: RunResult["kind"];
        if (row.run === "populate") {
          settled = await settleWithin(
            menagerie.populate({
              habitat: "forest",
              count: 12,
              seed: 3,
              signal: lifetime.signal,
              filter: (r) => ["fox", "deer", "wolf"].includes(r.name),
            }),
            HUNG_MS,
          );
          // Pinned by the row, so which of the checks below runs is not left to chance.
          expect(settled.state).toBe(row.expected === "typed error" ? "rejected" : "resolved");
          if (settled.state === "resolved") {
            const made = settled.value as CreatureGroup;
            group = { names: made.creatures.map((c) => c.name), omissions: [...made.omissions] };
            // Every creature in the scene is whole: all the parts of its record.
            for (const creature of made.creatures)
              expect(creature.listParts().sort()).toEqual(Object.keys(creature.record.model.parts).sort());
          } else {
            expect(riggedCounts(env.scene), "scene after a failed populate").toEqual(baseline);
          }
        } else if (row.run === "lookups") {
          const names = ["fox", "bear", "owl", "deer", "rabbit", "frog", "duck", "cow", "horse", "sheep"];
          settled = await settleWithin(
            (async () => {
              for (let i = 0; i < 20; i++) await client.getModel(names[i % names.length]!, { signal: lifetime.signal });
            })(),
            HUNG_MS,
          );
        } else {
          settled = await settleWithin(menagerie.spawnCreature(species, { signal: lifetime.signal }), HUNG_MS);
          expect(settled.state).toBe(row.expected === "typed error" ? "rejected" : "resolved");
          // Right after a failure, before any dispose: nothing half-built may be in the scene.
          if (settled.state !== "resolved")
            expect(riggedCounts(env.scene), "scene after a failed spawn").toEqual(baseline);
          else {
            const creature = settled.value as Creature;
            parts = creature.listParts().sort();
            clips = [...creature.animations.keys()];
            kind = creature.form;
          }
        }
        const stats = server.service.faults?.stats();
        const requests = Object.values(stats?.requests ?? {}).reduce((a, b) => a + b, 0);
        if (row.rules.length === 0 && row.run === undefined) healthyRequests.set(species, requests);
        const healthy = healthyRequests.get(species) ?? 0;
        const retried =
          retries > 0 ||
          (row.run === undefined && healthy > 0 && requests > healthy) ||
          (row.run === "populate" && (stats?.injected["drop"] ?? 0) > 0);
        const { outcome, detail } = classify(settled, warnings, retried, group?.omissions);
        const attempts = row.rules[0]
          ? `${stats!.matched[0]} ${row.attemptsOf ?? describeTargets(row.rules[0])} request${stats!.matched[0] === 1 ? "" : "s"}`
          : `${requests} requests (${Object.entries(stats!.requests)
              .map(([k, n]) => `${n} ${k}`)
              .join(", ")})`;
        matrix.push({
          fault: row.fault,
          outcome: detail ? `${outcome}: ${detail}` : outcome,
          attempts,
          ok: outcome === row.expected,
        });

        expect(outcome).toBe(row.expected);
        row.check?.({ settled, warnings, retries, parts, clips, kind, group });

        menagerie.dispose();
        await nextTick();
        expect(riggedCounts(env.scene), "scene after dispose").toEqual(baseline);
        expect(listeners.leaked(), "abort listeners left on live signals").toBe(0);
        expect(rejections.count - unhandledBefore, "unhandled rejections").toBe(0);
      } finally {
        menagerie.dispose();
        env.dispose();
        await server.close();
      }
    },
    40_000,
  );
});

function describeTargets(rule: FaultRule): string {
  return `${rule.match ? `${rule.match} ` : ""}${rule.targets.join("/")}`;
}
