/**
 * Where a run of number words ends: a word that cannot continue the number read so far starts
 * the next one ("twenty ten" is 20 and 10, never 30), as the text-command parser relies on to
 * keep counts side by side apart.
 */
import { describe, expect, it } from "vitest";
import { readNumberWords } from "../../src/service/textCommand/numberWords.js";

const read = (text: string) => readNumberWords(text.split(" "));

describe("readNumberWords: where a number ends", () => {
  it("adds only a unit from one to nine to a tens word", () => {
    expect(read("twenty one wolves")).toEqual(["21", "wolves"]);
    expect(read("twenty nine wolves")).toEqual(["29", "wolves"]);
    expect(read("twenty zero wolves")).toEqual(["20", "0", "wolves"]);
    expect(read("twenty ten wolves")).toEqual(["20", "10", "wolves"]);
  });

  it("reads 'a' as one only where a number starts", () => {
    expect(read("twenty a fox")).toEqual(["20", "1", "fox"]);
    expect(read("two hundred a fox")).toEqual(["200", "1", "fox"]);
  });

  it("multiplies by a hundred a group below a hundred only, tens included", () => {
    expect(read("twenty hundred")).toEqual(["2000"]);
    expect(read("one hundred hundred")).toEqual(["100", "hundred"]);
    // A group of a hundred or more, units after its hundred included, takes no second hundred.
    expect(read("two hundred five hundred")).toEqual(["205", "hundred"]);
    expect(read("one hundred zero hundred")).toEqual(["100", "hundred"]);
    expect(read("ninety nine hundred")).toEqual(["9900"]);
  });

  it("reads no scale word straight after another, nor one that starts a number", () => {
    expect(read("one thousand thousand")).toEqual(["1000", "thousand"]);
    expect(read("thousand two")).toEqual(["thousand", "2"]);
    expect(read("one million thousand")).toEqual(["1000000", "thousand"]);
  });

  it("answers one word per number or word, and nothing for nothing", () => {
    expect(read("spawn three ants")).toEqual(["spawn", "3", "ants"]);
    expect(readNumberWords([])).toEqual([]);
  });
});
