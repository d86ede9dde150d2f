import { describe, expect, it } from "vitest";
import type { SteeringAgent } from "../../src/motion/types.js";
import { VisitStay } from "../../src/motion/visitStay.js";

/** Only `dt` is read by a stay. */
const step = (dt: number) => ({ dt }) as SteeringAgent;

describe("VisitStay", () => {
  it("is idle until started: no pose, not on, and ending it tells nobody", () => {
    const stay = new VisitStay();
    expect(stay.on).toBe(false);
    expect(stay.pose).toBeUndefined();
    stay.end(true);
    stay.end(false);
    expect(stay.on).toBe(false);
  });

  it("holds its pose for its seconds, then tells done(true) once and goes idle", () => {
    const stay = new VisitStay();
    const told: boolean[] = [];
    stay.start("drink", 1, (stayed) => told.push(stayed));
    expect(stay.on).toBe(true);
    expect(stay.pose).toBe("drink");
    for (let i = 0; i < 3; i++) stay.count(step(0.25));
    expect(told).toEqual([]);
    expect(stay.on).toBe(true);
    expect(stay.pose).toBe("drink");
    stay.count(step(0.25)); // exactly its second: time is up
    expect(told).toEqual([true]);
    expect(stay.on).toBe(false);
    expect(stay.pose).toBeUndefined();
    stay.count(step(0.25));
    stay.end(false);
    expect(told).toEqual([true]);
  });

  it("tells done(false) when cut short, and a new stay starts with its own time", () => {
    const stay = new VisitStay();
    const told: string[] = [];
    stay.start("graze", 2, (stayed) => told.push(`first ${stayed}`));
    stay.count(step(1.5));
    stay.end(false);
    expect(told).toEqual(["first false"]);
    expect(stay.on).toBe(false);
    expect(stay.pose).toBeUndefined();
    stay.start("idle", 1, (stayed) => told.push(`second ${stayed}`));
    stay.count(step(0.75));
    expect(told).toEqual(["first false"]);
    stay.count(step(0.5));
    expect(told).toEqual(["first false", "second true"]);
  });

  it("ends a stay of no seconds on its first step", () => {
    const stay = new VisitStay();
    const told: boolean[] = [];
    stay.start("idle", 0, (stayed) => told.push(stayed));
    stay.count(step(1 / 60));
    expect(told).toEqual([true]);
  });
});
