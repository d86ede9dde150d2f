import { describe, expect, it } from "vitest";
import { recordDimensions, recordSize } from "../../src/records/recordSize.js";
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

describe("recordDimensions", () => {
  it("reads each dimension in metres, 0 when missing, 0 or unreadable", () => {
    const read = (scale: unknown) => {
      const { height, length, width } = recordDimensions({ scale });
      return { height: round(height), length: round(length), width: round(width) };
    };
    expect(read({ height: "45 cm", length: 0, width: "2 ft" })).toEqual({ height: 0.45, length: 0, width: 0.6096 });
    expect(read({ height: "tall", length: null, width: -1 })).toEqual({ height: 0, length: 0, width: 0 });
    expect(read("1 m")).toEqual({ height: 0, length: 0, width: 0 });
    expect(read(undefined)).toEqual({ height: 0, length: 0, width: 0 });
  });

  it("reads a record's scale once, and a replaced scale afresh", () => {
    const record: { scale: unknown } = { scale: { height: "1 m" } };
    const first = recordDimensions(record);
    expect(recordDimensions(record)).toBe(first);
    record.scale = { height: "2 m" };
    expect(recordDimensions(record).height).toBe(2);
    expect(recordSize(record)).toEqual({ axis: "height", meters: 2 });
  });

  it("gives each caller of recordSize its own object", () => {
    const record = { scale: { length: 3 } };
    const size = recordSize(record);
    expect(size).not.toBe(recordSize(record));
    expect(Object.isFrozen(size)).toBe(false);
  });
});
