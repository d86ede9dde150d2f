import { describe, expect, it } from "vitest";
import { recordSize } from "../../src/records/recordSize.js";
import { makeRecord, makeRiggedRecord } from "../helpers/records.js";
import { round } from "../helpers/round.js";

const size = (scale: unknown) => {
  const found = recordSize({ scale });
  return found && { axis: found.axis, meters: round(found.meters) };
};

describe("recordSize", () => {
  it("sizes by a positive height, as a number of metres or a string with a unit", () => {
    expect(size({ height: 1.6, length: 2.4 })).toEqual({ axis: "height", meters: 1.6 });
    expect(size({ height: "45 cm", length: 9 })).toEqual({ axis: "height", meters: 0.45 });
    expect(recordSize(makeRecord("fox"))).toEqual({ axis: "height", meters: 0.45 });
  });

  it("falls back to the length when the height is 0, missing or unreadable", () => {
    expect(recordSize(makeRiggedRecord("horse"))).toEqual({ axis: "length", meters: 2.4 });
    for (const height of [0, "0", "0 m", undefined, null, -1, "tall", {}]) {
      expect(size({ height, length: "240 cm", width: 0.6 }), JSON.stringify(height)).toEqual({
        axis: "length",
        meters: 2.4,
      });
    }
  });

  it("falls back to the width when height and length are unknown", () => {
    expect(size({ height: 0, length: 0, width: "2 ft" })).toEqual({ axis: "width", meters: 0.6096 });
    expect(size({ width: 0.3 })).toEqual({ axis: "width", meters: 0.3 });
  });

  it("is undefined when no dimension is usable", () => {
    expect(size({ height: 0, length: 0, width: 0 })).toBeUndefined();
    expect(size({ height: "tall", length: [], width: "-2 m" })).toBeUndefined();
    expect(size({})).toBeUndefined();
    expect(size(undefined)).toBeUndefined();
    expect(size(null)).toBeUndefined();
    expect(size("1 m")).toBeUndefined();
    expect(recordSize({})).toBeUndefined();
  });
});
