import { describe, expect, it } from "vitest";
import { spawnPhysics } from "../../../src/babylon/options/physicsOptions.js";
import { creatureMass, estimateMass, fitShape } from "../../../src/babylon/physics/bodyFit.js";
import { round } from "../../helpers/round.js";

const box = (x: number, y: number, z: number) => ({
  min: { x: -x / 2, y: 0, z: -z / 2 },
  max: { x: x / 2, y, z: z / 2 },
});

describe("fitting a body to a creature's bounds", () => {
  it("stands a capsule up in a tall creature, lays it lengthwise in a long one, sideways in a wide one", () => {
    const person = fitShape(box(0.5, 1.8, 0.3), "capsule");
    if (person.kind !== "capsule") throw new Error("not a capsule");
    expect([person.pointA, person.pointB].map((p) => [p.x, round(p.y, 9), p.z])).toEqual([
      [0, 0.2, 0],
      [0, 1.6, 0],
    ]);
    expect(person.radius).toBeCloseTo(0.2, 9);
    const cow = fitShape(box(0.8, 1.5, 2.4), "capsule");
    if (cow.kind !== "capsule") throw new Error("not a capsule");
    expect([cow.pointA.z, cow.pointB.z, cow.radius, cow.pointA.y].map((n) => round(n, 9))).toEqual([
      -0.625, 0.625, 0.575, 0.75,
    ]);
    const owl = fitShape(box(0.6, 0.25, 0.2), "capsule");
    expect(owl.kind === "capsule" && owl.pointB.x > owl.pointA.x && owl.pointA.y === owl.pointB.y).toBe(true);
  });

  it("keeps a capsule's ends inside the box: a ball-shaped creature gets a sphere", () => {
    const ball = fitShape(box(1, 1, 1), "capsule");
    expect(ball).toEqual({
      kind: "capsule",
      pointA: { x: 0, y: 0.5, z: 0 },
      pointB: { x: 0, y: 0.5, z: 0 },
      radius: 0.5,
    });
  });

  it("gives a flat creature a body at least 1 cm thick", () => {
    expect(fitShape({ min: { x: -1, y: 0, z: -1 }, max: { x: 1, y: 0, z: 1 } }, "box")).toEqual({
      kind: "box",
      center: { x: 0, y: 0, z: 0 },
      extents: { x: 2, y: 0.01, z: 2 },
    });
  });

  it("weighs a creature by its record, else 250 kg per cubic metre of box", () => {
    const cow = box(0.8, 1.5, 2.4);
    expect(estimateMass(cow)).toBeCloseTo(720, 6);
    expect(creatureMass(undefined, { mass: 600 }, cow)).toBe(600);
    expect(creatureMass(undefined, { mass: 0 }, cow)).toBeCloseTo(720, 6); // 0 and junk mean "unknown"
    expect(creatureMass(undefined, { mass: "heavy" }, cow)).toBeCloseTo(720, 6);
    expect(creatureMass(90, { mass: 600 }, cow)).toBe(90);
  });
});

describe("the physics option", () => {
  it("merges a spawn's fields over the Menagerie's, and false turns it off", () => {
    expect(spawnPhysics(undefined, undefined)).toBeUndefined();
    expect(spawnPhysics(undefined, false)).toBeUndefined();
    expect(spawnPhysics(true, undefined)).toEqual({ shape: "capsule", mass: undefined });
    expect(spawnPhysics(undefined, { shape: "box", mass: 5 })).toEqual({ shape: "box", mass: 5 });
    expect(spawnPhysics({ mass: 9 }, { shape: "box", mass: 5 })).toEqual({ shape: "box", mass: 9 });
    expect(spawnPhysics(false, { shape: "box" })).toBeUndefined();
    expect(() => spawnPhysics({ shape: "cone" }, undefined)).toThrow(
      /physics\.shape must be one of capsule, box, got "cone"/,
    );
  });
});
