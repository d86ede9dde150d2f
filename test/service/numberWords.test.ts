import { describe, expect, it } from "vitest";
import { readNumberWords } from "../../src/service/textCommand/numberWords.js";

const read = (text: string) => readNumberWords(text.split(" ")).join(" ");

describe("readNumberWords", () => {
  it.each([
    ["spawn three ants", "spawn 3 ants"],
    ["twenty one ants", "21 ants"],
    ["ninety nine", "99"],
    ["a hundred ants", "100 ants"],
    ["one hundred twenty three bees", "123 bees"],
    ["two hundred and five ants", "205 ants"],
    ["three thousand and twelve", "3012"],
    ["a million ants", "1000000 ants"],
    ["nineteen hundred", "1900"],
    ["zero wolves", "0 wolves"],
    ["a dozen sheep", "1 dozen sheep"],
  ])("reads %j as %j", (text, digits) => {
    expect(read(text)).toBe(digits);
  });

  it.each([
    ["one two three", "1 2 3"],
    ["twenty twelve", "20 12"],
    ["two wolves and three deer", "2 wolves and 3 deer"],
    ["one and two", "1 and 2"],
    ["two hundred and a wolf", "200 and 1 wolf"],
    ["a one", "1 1"],
  ])("keeps numbers side by side apart: %j as %j", (text, digits) => {
    expect(read(text)).toBe(digits);
  });

  it("leaves other words alone, and reads no number from a scale or an 'and' alone", () => {
    expect(read("hundred and thousand the second wolf an ant")).toBe("hundred and thousand the second wolf an ant");
  });
});
