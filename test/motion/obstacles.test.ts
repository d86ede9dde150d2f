import { describe, expect, it } from "vitest";
import { createObstacle, onOtherFloor, WorldBody } from "../../src/motion/obstacles.js";

describe("onOtherFloor", () => {
  const deck = createObstacle({ center: { x: 0, y: 3, z: 0 }, radius: 2 } as never);
  const everywhere = createObstacle({ center: { x: 0, z: 0 }, radius: 2 });

  it("reads the floor height of a circle's centre", () => {
    expect(deck.y).toBe(3);
    expect(everywhere.y).toBeUndefined();
  });

  it("is true only more than a metre above or below the feet", () => {
    expect(onOtherFloor(deck, 0)).toBe(true);
    expect(onOtherFloor(deck, 6)).toBe(true);
    expect(onOtherFloor(deck, 1.9)).toBe(true);
    expect(onOtherFloor(deck, 3)).toBe(false);
    expect(onOtherFloor(deck, 2)).toBe(false);
    expect(onOtherFloor(deck, 4)).toBe(false);
    expect(onOtherFloor(deck, 3.5)).toBe(false);
  });

  it("is false with one floor (no feet height) or an obstacle on every floor", () => {
    expect(onOtherFloor(deck, undefined)).toBe(false);
    expect(onOtherFloor(everywhere, 10)).toBe(false);
    expect(onOtherFloor(everywhere, undefined)).toBe(false);
  });

  it("compares heights, not their sum (a floor at -3 is not the floor at 3)", () => {
    const cellar = createObstacle({ center: { x: 0, y: -3, z: 0 }, radius: 1 } as never);
    expect(onOtherFloor(cellar, -3)).toBe(false);
    expect(onOtherFloor(cellar, 3)).toBe(true);
  });
});

describe("createObstacle", () => {
  it("gives a polygon the centre of its corners and the farthest corner as reach", () => {
    const o = createObstacle(
      {
        points: [
          { x: 2, z: 1 },
          { x: 6, z: 1 },
          { x: 6, z: 4 },
          { x: 2, z: 4 },
        ],
      },
      1.5,
    );
    expect(o.x).toBe(4);
    expect(o.z).toBe(2.5);
    expect(o.reach).toBe(2.5);
    expect(o.level).toBe(1.5);
  });
});

describe("WorldBody", () => {
  it("measures its velocity from the move and the seconds it took", () => {
    const car = new WorldBody(3, -2, 1.5);
    expect([car.x, car.z, car.vx, car.vz, car.radius]).toEqual([3, -2, 0, 0, 1.5]);
    car.moveTo(4, -3, 0.5);
    expect([car.x, car.z, car.vx, car.vz]).toEqual([4, -3, 2, -2]);
    car.moveTo(4, 1, 2);
    expect([car.x, car.z, car.vx, car.vz]).toEqual([4, 1, 0, 2]);
  });

  it("keeps its last velocity when moved in no time (a teleport, or a paused step)", () => {
    const player = new WorldBody(0, 0, 0.4);
    player.moveTo(1, 2, 0.25);
    player.moveTo(50, -50, 0);
    expect([player.x, player.z, player.vx, player.vz]).toEqual([50, -50, 4, 8]);
    player.moveTo(60, -50, -1);
    expect([player.x, player.z, player.vx, player.vz]).toEqual([60, -50, 4, 8]);
  });
});
