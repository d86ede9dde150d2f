import { describe, expect, it } from "vitest";
import { HeightParseError, LengthParseError, parseHeight, parseLength } from "../../src/records/height.js";
import { round } from "../helpers/round.js";

describe("parseHeight", () => {
  it.each([
    [1.5, 1.5],
    ["1.5", 1.5],
    ["0.6m", 0.6],
    ["0.45 m", 0.45],
    ["60 cm", 0.6],
    ["45cm", 0.45],
    ["600mm", 0.6],
    ["450 mm", 0.45],
    ["2 ft", 0.6096],
    ["1.6 ft", 0.48768],
    ["24in", 0.6096],
    ["1.2 metres", 1.2],
    ["1.2 meters", 1.2],
    ["3 feet", 0.9144],
    ["0,6 m", 0.6],
    ["  60 CM ", 0.6],
    ["1 yd", 0.9144],
    [".5m", 0.5],
  ])("reads %j as %f m", (input, metres) => {
    expect(round(parseHeight(input))).toBe(round(metres));
  });

  it.each([
    ["tall"],
    [""],
    ["-1 m"],
    ["0 m"],
    ["5 parsecs"],
    ["1.2.3 m"],
    [null],
    [undefined],
    [{}],
    [Number.NaN],
    [-2],
    [0],
    [Infinity],
  ])("rejects %j with an error quoting it", (input) => {
    let caught: unknown;
    try {
      parseHeight(input);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(HeightParseError);
    const quoted = JSON.stringify(input) ?? String(input);
    expect((caught as Error).message).toContain(`Cannot parse height ${quoted}`);
  });
});

describe("parseLength", () => {
  it("reads every dimension with the units of parseHeight", () => {
    expect(round(parseLength("2.4 m"))).toBe(2.4);
    expect(round(parseLength(2.4, "length"))).toBe(2.4);
    expect(round(parseLength("60 cm", "width"))).toBe(0.6);
    expect(round(parseLength("3 ft", "height"))).toBe(0.9144);
  });

  it.each([
    [0, "length", "Cannot parse length 0: expected a finite number greater than 0"],
    ["0 m", "width", 'Cannot parse width "0 m": expected a length greater than 0'],
    ["long", undefined, 'Cannot parse length "long": expected a number followed by a unit, such as "0.6 m"'],
  ] as const)("rejects %j (%s) with a LengthParseError naming the dimension", (input, dimension, message) => {
    let caught: unknown;
    try {
      parseLength(input, dimension);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(LengthParseError);
    expect(caught).not.toBeInstanceOf(HeightParseError);
    expect((caught as LengthParseError).dimension).toBe(dimension ?? "length");
    expect((caught as Error).message).toBe(message);
  });

  it("throws a HeightParseError for the height, which is also a LengthParseError", () => {
    let caught: unknown;
    try {
      parseLength("tall", "height");
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(HeightParseError);
    expect(caught).toBeInstanceOf(LengthParseError);
    expect((caught as Error).message).toBe(
      'Cannot parse height "tall": expected a number followed by a unit, such as "0.6 m"',
    );
  });
});
