/**
 * `menagerie.command`: sentences read by the reference service over real HTTP, carried out in a
 * NullEngine scene. Counts and distances: creatures added at the place asked, removed, moved
 * there, a habitat repopulated, and an account that says what could not be done.
 */
import { Vector3 } from "@babylonjs/core/Maths/math.vector.js";
import { describe, expect, it, vi } from "vitest";
import type { Creature } from "../../src/babylon/creature.js";
import type { Menagerie } from "../../src/babylon/menagerie.js";
import { isAbortError } from "../../src/core/errors.js";
import { recordHabitats } from "../../src/records/recordHabitats.js";
import { catalogMenagerieFixture } from "../helpers/catalogMenagerie.js";
import { rejection } from "../helpers/rejection.js";

// Its scene's camera stands at (0, 1, -5), looking along +z.
const fixture = catalogMenagerieFixture();
let menagerie: Menagerie;
function setup() {
  ({ menagerie } = fixture.setup());
}

const called = (name: string) => menagerie.creatures.filter((c) => c.record.name === name);
const flatDistance = (a: Vector3, b: { x: number; z: number }) => Math.hypot(a.x - b.x, a.z - b.z);
const at = (c: Creature) => c.root.computeWorldMatrix(true).getTranslation();

describe("menagerie.command", () => {
  it("adds creatures near a named creature, and before the camera when the place is not in the scene", async () => {
    setup();
    const fox = await menagerie.spawnCreature("fox", { position: new Vector3(30, 0, 10) });
    const progress: number[] = [];
    const account = await menagerie.command("add three zebras near the fox, then put a lion near the pond", {
      onProgress: (p) => void progress.push(p.done),
    });
    expect(progress).toEqual([1, 2]);
    const [zebras, lion] = account.outcomes;
    expect(zebras!.creatures).toHaveLength(3);
    expect(called("zebra")).toHaveLength(3);
    for (const z of zebras!.creatures) expect(flatDistance(at(z), at(fox))).toBeLessThan(7);
    expect(zebras!.notes).toEqual([]);
    expect(lion!.creatures).toHaveLength(1);
    expect(lion!.notes).toEqual(["no pond in the scene: lion placed near the camera"]);
    // 8 m before the camera (0, 1, -5) looking along +z, a ring out.
    expect(flatDistance(at(lion!.creatures[0]!), { x: 0, z: 3 })).toBeLessThan(6);
  });

  it("removes all of a kind, or as many as asked (nearest the camera first)", async () => {
    setup();
    await menagerie.command("add four wolves here and two deer");
    expect(called("wolf")).toHaveLength(4);
    expect(called("deer")).toHaveLength(2);
    const one = await menagerie.command("remove one wolf");
    expect(one.outcomes[0]!.creatures).toHaveLength(1);
    expect(one.outcomes[0]!.creatures[0]!.isDisposed).toBe(true);
    expect(called("wolf")).toHaveLength(3);
    await menagerie.command("remove the wolves");
    expect(called("wolf")).toHaveLength(0);
    expect(called("deer")).toHaveLength(2);
    const none = await menagerie.command("remove the bears");
    expect(none.outcomes[0]!.notes).toEqual(["no bear in the scene"]);
  });

  it("removes none for a count of zero, and all of them for 'all'", async () => {
    setup();
    await menagerie.command("add three foxes here");
    expect(called("fox")).toHaveLength(3);
    await menagerie.command("remove 0 foxes");
    await menagerie.command("remove zero foxes, then move 0 foxes near the camera");
    expect(called("fox")).toHaveLength(3);
    await menagerie.command("remove all foxes");
    expect(called("fox")).toHaveLength(0);
  });

  it("sends creatures to the place asked with moveTo", async () => {
    setup();
    const lion = await menagerie.spawnCreature("lion", { position: new Vector3(0, 0, 20) });
    const fox = await menagerie.spawnCreature("fox", { position: new Vector3(-10, 0, 0) });
    const account = await menagerie.command("move the fox in front of the lion");
    expect(account.outcomes[0]!.creatures).toEqual([fox]);
    const forward = lion.root.forward;
    const target = { x: at(lion).x + forward.x * 4, z: at(lion).z + forward.z * 4 };
    const start = flatDistance(at(fox), target);
    for (let i = 0; i < 60 * 60; i++) menagerie.stepMotion(1 / 60);
    expect(start).toBeGreaterThan(10);
    expect(flatDistance(at(fox), target)).toBeLessThan(2.5);
  }, 60_000);

  it("changes the habitat: populates it, and the next change replaces that group", async () => {
    setup();
    const account = await menagerie.command("make it a desert", { populate: { count: 6, seed: 3 } });
    const desert = account.outcomes[0]!.creatures;
    expect(desert.length).toBeGreaterThan(0);
    for (const c of desert) expect(recordHabitats(c.record)).toContain("desert");
    const forest = await menagerie.command("a forest with two wolves", { populate: { count: 5, seed: 3 } });
    expect(desert.every((c) => c.isDisposed)).toBe(true);
    expect(forest.outcomes.map((o) => o.action.action)).toEqual(["change_habitat", "add_model"]);
    expect(forest.outcomes[1]!.creatures).toHaveLength(2);
    const space = await menagerie.command("take me to space");
    expect(space.outcomes[0]!.notes[0]).toMatch(/"space" is not one of the catalog's habitats/);
  }, 120_000);

  it("does nothing for what it cannot read, and an aborted command adds nothing", async () => {
    setup();
    const before = menagerie.creatures.length;
    expect(await menagerie.command("fly me to the moon")).toEqual({ outcomes: [], skipped: [], notes: [] });
    const controller = new AbortController();
    controller.abort();
    await expect(menagerie.command("add a fox", { signal: controller.signal })).rejects.toThrow();
    expect(menagerie.creatures.length).toBe(before);
  });

  it("says in the account's notes what the catalog has under no name, and carries out the rest", async () => {
    setup();
    const account = await menagerie.command(
      "add two unicorns, then add a fox and a qwxyzzy here, then remove all dragons",
    );
    expect(account.outcomes.map((o) => [o.action.action, o.creatures.map((c) => c.record.name), o.notes])).toEqual([
      ["add_model", ["fox"], []],
    ]);
    expect(account.notes).toEqual([
      "no unicorn in the catalog: 2 not added",
      "no qwxyzzy in the catalog: 1 not added",
      "no dragon in the catalog: none removed",
    ]);
  });

  // Guards redactError with a DOMException: a copy of one (with DOMException's prototype) threw
  // ERR_INVALID_THIS from its `name` getter, so an aborted command rejected with that TypeError.
  it("rejects an aborted command with the abort itself", async () => {
    setup();
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(menagerie.command("add a fox", { signal: controller.signal }));
    expect(isAbortError(error)).toBe(true);
    expect(error).toBe(controller.signal.reason);
  });

  it("spawns 200 creatures at most for one command, and says what it cut", async () => {
    setup();
    // Counts the spawns asked for; none is made, so that hundreds cost nothing.
    const spawn = vi.spyOn(menagerie, "spawnCreature").mockRejectedValue(new Error("not here"));
    const account = await menagerie.command("add 90 foxes, 90 wolves, 90 deer, 90 lions and 90 zebras");
    expect(spawn).toHaveBeenCalledTimes(200);
    const notes = account.outcomes.flatMap((o) => o.notes).filter((n) => n.includes("asked"));
    expect(notes).toEqual([
      "90 fox asked: 50 spawned",
      "90 wolf asked: 50 spawned",
      "90 deer asked: 50 spawned",
      "90 lion asked: 50 spawned",
      "90 zebra asked: 0 spawned, a command spawns 200 at most (maxSpawns)",
    ]);
  });

  it("takes its cap from maxSpawns, and leaves a habitat change undone once the cap is spent", async () => {
    setup();
    const account = await menagerie.command("add ten foxes and ten wolves and three deer, then make it a desert", {
      maxSpawns: 12,
    });
    expect([called("fox").length, called("wolf").length, called("deer").length]).toEqual([10, 2, 0]);
    expect(menagerie.creatures).toHaveLength(12);
    expect(account.outcomes.map((o) => o.notes)).toEqual([
      [
        "10 wolf asked: 2 spawned, a command spawns 12 at most (maxSpawns)",
        "3 deer asked: 0 spawned, a command spawns 12 at most (maxSpawns)",
      ],
      ["the desert was not made: the command had spawned its most, 12 (maxSpawns)"],
    ]);
    await expect(menagerie.command("add a fox", { maxSpawns: -1 })).rejects.toThrow(
      "maxSpawns must be a non-negative integer, got -1",
    );
  }, 60_000);
});
