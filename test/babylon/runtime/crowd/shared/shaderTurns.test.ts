/**
 * Crowd drawing meshes make their shaders in turns: a mesh first shown while another is having
 * its turn waits hidden, holding the scene's readiness, until that turn ends (effect ready,
 * failed, mesh disposed, or the time limit) and a new task begins.
 */

import type { Effect } from "@babylonjs/core/Materials/effect.js";
import { StandardMaterial } from "@babylonjs/core/Materials/standardMaterial.js";
import type { AbstractMesh } from "@babylonjs/core/Meshes/abstractMesh.js";
import { CreateBox } from "@babylonjs/core/Meshes/Builders/boxBuilder.js";
import type { Mesh } from "@babylonjs/core/Meshes/mesh.js";
import type { SubMesh } from "@babylonjs/core/Meshes/subMesh.js";
import { RegisterThinInstanceMesh } from "@babylonjs/core/Meshes/thinInstanceMesh.pure.js";
import type { Scene } from "@babylonjs/core/scene.js";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { showInstances } from "../../../../../src/babylon/runtime/crowd/shared/drawingMesh.js";
import { TURN_LIMIT_MS } from "../../../../../src/babylon/runtime/crowd/shared/shaderTurns.js";
import { createNullScene } from "../../../../helpers/babylonScene.js";

/** A material whose effect is "ready" when the test says so, recording how it was asked. */
class HeldMaterial extends StandardMaterial {
  ready = false;
  fails = false;
  /** Its effect failed to compile: not ready, with an error. */
  failedEffect = false;
  asked: boolean[] = [];
  subMeshes: SubMesh[] = [];
  override isReadyForSubMesh(_mesh: AbstractMesh, subMesh: SubMesh, useInstances?: boolean): boolean {
    this.asked.push(!!useInstances);
    this.subMeshes.push(subMesh);
    if (this.fails) throw new Error("shader failed");
    if (this.failedEffect)
      subMesh.setEffect({ getCompilationError: () => "bad shader", dispose() {} } as unknown as Effect);
    return this.ready;
  }
}

let env: ReturnType<typeof createNullScene>;
beforeEach(() => {
  vi.useFakeTimers();
  RegisterThinInstanceMesh();
  env = createNullScene();
});
afterEach(() => {
  env.dispose();
  vi.useRealTimers();
});

/** A drawing mesh with room for 4 thin instances and a material of its own. */
function drawing(name: string, scene: Scene = env.scene): { mesh: Mesh; material: HeldMaterial } {
  const mesh = CreateBox(name, { size: 1 }, scene);
  mesh.thinInstanceSetBuffer("matrix", new Float32Array(4 * 16), 16);
  const material = new HeldMaterial(`${name}/look`, scene);
  mesh.material = material;
  return { mesh, material };
}

describe("shader turns of crowd drawing meshes", () => {
  it("shows the first mesh at once and makes its effect for thin instances; a second waits hidden, holding the scene, until the first's effect is ready and a new task begins", () => {
    const a = drawing("a");
    const b = drawing("b");
    showInstances(a.mesh, 2);
    expect([a.mesh.isVisible, a.material.asked]).toEqual([true, [true]]);
    // The mesh's own sub-mesh is asked, whose effect its frames then use.
    expect(a.material.subMeshes).toEqual([a.mesh.subMeshes[0]]);
    showInstances(b.mesh, 3);
    expect([b.mesh.isVisible, b.mesh.thinInstanceCount, b.material.asked]).toEqual([false, 3, []]);
    expect(env.scene.getWaitingItemsCount()).toBe(1);
    expect(env.scene.isLoading).toBe(true); // what isReady() answers first
    showInstances(b.mesh, 3); // shown again while waiting: still one place in the queue
    expect(env.scene.getWaitingItemsCount()).toBe(1);

    vi.advanceTimersByTime(16); // Babylon asks again: not ready
    expect(b.mesh.isVisible).toBe(false);
    a.material.ready = true;
    vi.advanceTimersByTime(16); // ready: the turn ends, the next one is for a later task
    expect(b.mesh.isVisible).toBe(false);
    vi.advanceTimersByTime(1); // the next task
    expect([b.mesh.isVisible, b.material.asked, env.scene.getWaitingItemsCount()]).toEqual([true, [true], 0]);
    // Having had its turn, a mesh is shown and hidden by count alone.
    showInstances(b.mesh, 0);
    expect(b.mesh.isVisible).toBe(false);
    showInstances(b.mesh, 1);
    expect([b.mesh.isVisible, b.material.asked.length]).toEqual([true, 1]);
  });

  it("ends a turn after the time limit when the material never gets ready", () => {
    const a = drawing("a");
    const b = drawing("b");
    showInstances(a.mesh, 1);
    showInstances(b.mesh, 1);
    vi.advanceTimersByTime(TURN_LIMIT_MS - 1);
    expect(b.mesh.isVisible).toBe(false);
    vi.advanceTimersByTime(1); // the limit: the turn ends
    expect(b.mesh.isVisible).toBe(false);
    const askedOfA = a.material.asked.length;
    expect(askedOfA).toBeGreaterThan(TURN_LIMIT_MS / 16 - 2); // asked every 16 ms meanwhile
    vi.advanceTimersByTime(1); // the next task
    expect([b.mesh.isVisible, b.material.asked]).toEqual([true, [true]]);
    // The limit holds for every turn: b's (never ready either) ends by it too.
    const c = drawing("c");
    showInstances(c.mesh, 1);
    vi.advanceTimersByTime(TURN_LIMIT_MS);
    vi.advanceTimersByTime(1); // the next task
    expect(c.mesh.isVisible).toBe(true);
    // Asking stops with the turn (Babylon's forceCompilation would ask for ever, even disposed).
    vi.advanceTimersByTime(10 * TURN_LIMIT_MS);
    expect(a.material.asked).toHaveLength(askedOfA);
  });

  it("ends a turn when the effect failed to compile", () => {
    const a = drawing("a");
    const b = drawing("b");
    a.material.failedEffect = true;
    showInstances(a.mesh, 1); // the error is seen at the first asking: the turn ends within the call
    showInstances(b.mesh, 1);
    expect([a.material.asked.length, b.mesh.isVisible]).toEqual([1, true]);
  });

  it("ends a turn once: an effect ready after its turn ran out does not start a second turn beside the next mesh's", () => {
    const a = drawing("a");
    const b = drawing("b");
    const c = drawing("c");
    showInstances(a.mesh, 1);
    showInstances(b.mesh, 1);
    showInstances(c.mesh, 1);
    vi.advanceTimersByTime(TURN_LIMIT_MS + 1); // a's turn runs out: b's begins
    expect([b.mesh.isVisible, c.mesh.isVisible]).toEqual([true, false]);
    a.material.ready = true; // Babylon still checks a's material, and now says it is compiled
    vi.advanceTimersByTime(16 + 1);
    expect(c.mesh.isVisible).toBe(false); // b's turn goes on
    b.material.ready = true;
    vi.advanceTimersByTime(16 + 1);
    expect(c.mesh.isVisible).toBe(true);
  });

  it("ends the turn of a mesh disposed meanwhile, skips a waiting mesh disposed, and lets the scene be ready again", () => {
    const a = drawing("a");
    const b = drawing("b");
    const c = drawing("c");
    showInstances(a.mesh, 1);
    showInstances(b.mesh, 1);
    showInstances(c.mesh, 2);
    expect(env.scene.getWaitingItemsCount()).toBe(2);
    b.mesh.dispose();
    expect(env.scene.getWaitingItemsCount()).toBe(1);
    a.mesh.dispose();
    expect(c.mesh.isVisible).toBe(false); // the next turn is a task away
    vi.advanceTimersByTime(1); // the next task
    expect([c.mesh.isVisible, c.material.asked, b.material.asked]).toEqual([true, [true], []]);
    expect(env.scene.getWaitingItemsCount()).toBe(0);
  });

  it("holds nobody when the effect is ready at once, when the mesh has no material, or when making it throws", () => {
    const ready = drawing("ready");
    ready.material.ready = true;
    const bare = drawing("bare");
    bare.mesh.material = null;
    const failing = drawing("failing");
    failing.material.fails = true;
    const last = drawing("last");
    showInstances(ready.mesh, 1);
    showInstances(bare.mesh, 1);
    showInstances(failing.mesh, 1);
    expect([ready.mesh.isVisible, bare.mesh.isVisible, failing.mesh.isVisible]).toEqual([true, true, true]);
    expect(failing.material.asked).toEqual([true]);
    showInstances(last.mesh, 1);
    expect([last.mesh.isVisible, last.material.asked]).toEqual([true, [true]]);
  });

  it("puts off the turn of a waiting mesh left with no instances to the next time it is shown", () => {
    const a = drawing("a");
    const b = drawing("b");
    showInstances(a.mesh, 1);
    showInstances(b.mesh, 2);
    showInstances(b.mesh, 0);
    a.material.ready = true;
    vi.advanceTimersByTime(16);
    vi.advanceTimersByTime(1); // the next task
    expect([b.mesh.isVisible, b.material.asked, env.scene.getWaitingItemsCount()]).toEqual([false, [], 0]);
    showInstances(b.mesh, 1); // nobody else has a turn: its own starts now
    expect([b.mesh.isVisible, b.material.asked]).toEqual([true, [true]]);
  });

  it("asks for instances only for a mesh that draws thin instances, and keeps each scene's turns apart", () => {
    const plain = CreateBox("plain", { size: 1 }, env.scene);
    const material = new HeldMaterial("plain/look", env.scene);
    plain.material = material;
    showInstances(plain, 1); // no instance buffer: Babylon draws the mesh itself
    expect(material.asked).toEqual([false]);

    const other = createNullScene();
    try {
      const there = drawing("there", other.scene);
      showInstances(there.mesh, 1); // the first scene's turn does not hold the second's meshes
      expect([there.mesh.isVisible, there.material.asked]).toEqual([true, [true]]);
    } finally {
      other.dispose();
    }
  });
});
