/**
 * The fault matrix's rows for the rigged GLB path (test/reliability/faults.test.ts runs them):
 * one spawn of the generated rig-only zebra, whose model is its idle clip's GLB and whose walk
 * and run clips come from GLBs of their own. The model clip's failure is a typed error; any
 * other clip's is a `clip-failed` degradation, the creature loading without that clip.
 */
import { expect } from "vitest";
import type { LoadError } from "../../src/core/errors.js";
import type { FaultRow, FaultRunResult } from "../helpers/faultHarness.js";

const CLIPS = ["idle", "walk", "run"];
const species = "zebra";

const errorOf = (r: FaultRunResult) => (r.settled.state === "rejected" ? (r.settled.error as LoadError) : undefined);

/** The zebra loaded whole: rigged, every clip. */
const whole = (r: FaultRunResult) => {
  expect(r.kind).toBe("rig");
  expect(r.clips).toEqual(CLIPS);
};

/** The zebra loaded without `clip`, with one `clip-failed` warning saying so. */
const without = (clip: string) => (r: FaultRunResult) => {
  expect(r.kind).toBe("rig");
  expect(r.clips).toEqual(CLIPS.filter((c) => c !== clip));
  expect(r.warnings.map((w) => [w.code, w.asset])).toEqual([["clip-failed", `clip:${clip}`]]);
};

/** A typed LoadError naming the model clip. */
const modelClipFailed = (reason: string, status?: number) => (r: FaultRunResult) =>
  expect(errorOf(r)).toMatchObject({ name: "LoadError", reason, asset: "clip:idle", ...(status ? { status } : {}) });

export const GLB_ROWS: FaultRow[] = [
  {
    fault: "zebra, rigged GLBs: none (fault mode on, no rules)",
    species,
    rules: [],
    expected: "succeeded",
    check: whole,
  },
  {
    fault: "GLB 503 × 2 (first 2)",
    species,
    rules: [{ targets: ["glb"], kind: "status", status: 503, first: 2 }],
    expected: "retried and succeeded",
    check: whole,
  },
  {
    fault: "GLB dropped mid-body at rate 0.5, seed 3",
    species,
    rules: [{ targets: ["glb"], kind: "drop", rate: 0.5 }],
    seed: 3,
    expected: "retried and succeeded",
    check: whole,
  },
  {
    fault: "link expires early: 403 on one GLB (first 1)",
    species,
    rules: [{ targets: ["glb"], kind: "expire", first: 1 }],
    expected: "retried and succeeded",
    check: whole,
  },
  {
    fault: "idle GLB (the model) 503 always",
    species,
    rules: [{ targets: ["glb"], kind: "status", status: 503, match: "/zebra/rig/idle" }],
    expected: "typed error",
    check: modelClipFailed("http", 503),
  },
  {
    fault: "idle GLB (the model) 503 always, walk GLB slow (latency 1.5 s)",
    species,
    rules: [
      { targets: ["glb"], kind: "status", status: 503, match: "/zebra/rig/idle" },
      { targets: ["glb"], kind: "latency", latencyMs: 1500, match: "/zebra/rig/walk" },
    ],
    expected: "typed error",
    // The load fails as soon as its model cannot be had: the walk GLB still on its way is
    // cancelled then, not left running (the row's check of abort listeners sees it).
    check: modelClipFailed("http", 503),
  },
  {
    fault: "walk GLB 503 always",
    species,
    rules: [{ targets: ["glb"], kind: "status", status: 503, match: "/zebra/rig/walk" }],
    expected: "degraded",
    check: without("walk"),
  },
  {
    fault: "walk GLB missing (404)",
    species,
    rules: [{ targets: ["glb"], kind: "status", status: 404, match: "/zebra/rig/walk" }],
    expected: "degraded",
    check: without("walk"),
  },
  {
    fault: "idle GLB (the model) truncated",
    species,
    rules: [{ targets: ["glb"], kind: "truncate", match: "/zebra/rig/idle" }],
    expected: "typed error",
    check: modelClipFailed("parse"),
  },
  {
    fault: "run GLB truncated",
    species,
    rules: [{ targets: ["glb"], kind: "truncate", match: "/zebra/rig/run" }],
    expected: "degraded",
    check: without("run"),
  },
  {
    fault: "idle GLB (the model) corrupt bytes",
    species,
    rules: [{ targets: ["glb"], kind: "corrupt", match: "/zebra/rig/idle" }],
    expected: "typed error",
    check: modelClipFailed("parse"),
  },
  {
    fault: "walk GLB corrupt bytes",
    species,
    rules: [{ targets: ["glb"], kind: "corrupt", match: "/zebra/rig/walk" }],
    expected: "degraded",
    check: without("walk"),
  },
  {
    fault: "every GLB corrupt",
    species,
    rules: [{ targets: ["glb"], kind: "corrupt" }],
    expected: "typed error",
    check: modelClipFailed("parse"),
  },
];
