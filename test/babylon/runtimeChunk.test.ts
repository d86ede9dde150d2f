/**
 * The spawn runtime chunk's download: a failure is tried again at once, reported as a
 * LoadError("network") naming the chunk when it fails twice, and tried again by the next call;
 * a download that arrives is shared by every call.
 */
import { describe, expect, it } from "vitest";
import { RuntimeChunk, type SpawnRuntimeModule } from "../../src/babylon/runtimeChunk.js";
import { LoadError } from "../../src/core/errors.js";

const RUNTIME = { marker: "runtime" } as unknown as SpawnRuntimeModule;

/** An importer that fails its first `failures` calls with the browser's error, then succeeds. */
function flaky(failures: number) {
  const calls = { count: 0 };
  const importer = async () => {
    calls.count++;
    if (calls.count <= failures)
      throw new TypeError("Failed to fetch dynamically imported module: /assets/spawnRuntime-x.js");
    return RUNTIME;
  };
  return { calls, importer };
}

describe("RuntimeChunk", () => {
  it("downloads once, when made, for every caller", async () => {
    const { calls, importer } = flaky(0);
    const chunk = new RuntimeChunk(importer);
    expect(calls.count).toBe(1);
    const seen: SpawnRuntimeModule[] = [];
    chunk.whenLoaded((runtime) => seen.push(runtime));
    expect(await Promise.all([chunk.get("fox"), chunk.get("owl")])).toEqual([RUNTIME, RUNTIME]);
    expect(seen).toEqual([RUNTIME]);
    expect(calls.count).toBe(1);
  });

  it("tries a failed download again at once", async () => {
    const { calls, importer } = flaky(1);
    const chunk = new RuntimeChunk(importer);
    const seen: unknown[] = [];
    chunk.whenLoaded((runtime) => seen.push(runtime));
    expect(await chunk.get("fox")).toBe(RUNTIME);
    expect(calls.count).toBe(2);
    expect(seen).toEqual([]); // the first download failed; whenLoaded says nothing of it
  });

  it("reports two failures in a row as a LoadError naming the chunk, and tries again next time", async () => {
    const { calls, importer } = flaky(2);
    const chunk = new RuntimeChunk(importer);
    const error = await chunk.get("fox").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LoadError);
    expect(error).toMatchObject({ reason: "network", model: "fox" });
    expect((error as Error).message).toMatch(
      /spawn runtime chunk\) could not be downloaded \(Failed to fetch dynamically/,
    );
    expect((error as Error).cause).toBeInstanceOf(TypeError);
    expect(await chunk.get("fox")).toBe(RUNTIME);
    expect(calls.count).toBe(3);
  });
});
