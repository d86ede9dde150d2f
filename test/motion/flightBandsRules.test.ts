/**
 * What a game relies on from the flight bands: a flier's band from its kind (its name, taxa or
 * tags in any case, first rule first, a game's own rules too), and from its size when no rule
 * names it, clamped to sensible heights and sane for a size that is no size.
 */
import { describe, expect, it } from "vitest";
import { FLIGHT_BAND_RULES, flightBandFor, sizeFlightBand } from "../../src/motion/flightBands.js";

const RAPTOR = { min: 8, max: 20 };
const SEABIRD = { min: 1.5, max: 7 };
const SMALL = { min: 0.8, max: 4 };

describe("a flier's band from its kind", () => {
  it.each([
    ["eagle", RAPTOR],
    ["Accipitridae", RAPTOR],
    ["owl", RAPTOR],
    ["gull", SEABIRD],
    ["seabird", SEABIRD],
    ["Laridae", SEABIRD],
    ["sparrow", SMALL],
    ["Trochilidae", SMALL],
    ["insect", SMALL],
    ["bat", SMALL],
  ])("a flier one of whose words is %s cruises in %o", (word, band) => {
    expect(flightBandFor(["some bird", word], 1)).toEqual(band);
  });

  it("matches words in any case and with stray spaces", () => {
    expect(flightBandFor(["  Golden EAGLE", " EAGLE "], 1)).toEqual(RAPTOR);
    expect(flightBandFor(["PASSERIFORMES"], 1)).toEqual(SMALL);
  });

  it("a flier no rule names gets its band from its size, not the first rule", () => {
    expect(flightBandFor(["parrot", "psittaciformes"], 1)).toEqual(sizeFlightBand(1));
    expect(flightBandFor([], 0.35)).toEqual(sizeFlightBand(0.35));
  });

  it("the first rule naming one of its words wins, and a game's own rules match in any case", () => {
    expect(flightBandFor(["gull", "eagle"], 1)).toEqual(RAPTOR);
    const rules = [
      { match: ["Parrot"], band: { min: 2, max: 3 } },
      { match: ["parrot", "macaw"], band: { min: 9, max: 9 } },
    ];
    expect(flightBandFor(["parrot"], 1, rules)).toEqual({ min: 2, max: 3 });
    expect(flightBandFor(["Macaw"], 1, rules)).toEqual({ min: 9, max: 9 });
    expect(flightBandFor(["eagle"], 1, rules)).toEqual(sizeFlightBand(1));
    expect(flightBandFor(["eagle"], 1, FLIGHT_BAND_RULES)).toEqual(RAPTOR);
  });
});

describe("a flier's band from its size", () => {
  it("is about 4 to 14 body heights up: a parrot 1.5–4.9 m, a 1 m bird 4–14 m", () => {
    expect(sizeFlightBand(0.35).min).toBeCloseTo(1.5, 9);
    expect(sizeFlightBand(0.35).max).toBeCloseTo(4.9, 9);
    expect(sizeFlightBand(1)).toEqual({ min: 4, max: 14 });
  });

  it("is clamped: at least 1.5 m to 4 m, at most 6 m to 16 m", () => {
    expect(sizeFlightBand(0.05)).toEqual({ min: 1.5, max: 4 });
    expect(sizeFlightBand(3)).toEqual({ min: 6, max: 16 });
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])("a height of %s counts as a 0.3 m flier", (h) => {
    expect(sizeFlightBand(h)).toEqual(sizeFlightBand(0.3));
    expect(sizeFlightBand(0.3).min).toBe(1.5);
    expect(sizeFlightBand(0.3).max).toBeCloseTo(4.2, 9);
  });
});
