/**
 * The OBJ reader's character helpers, rule by rule: whitespace exactly as `\s` and `trim` see
 * it over every UTF-16 code unit, the number class, numbers equal to `parseFloat` (the fast path
 * for plain decimals and the fallback for long ones), bytes one per character, growable lists,
 * and the kept scratch lists' sizes.
 */
import { describe, expect, it } from "vitest";
import { asciiBytes, floatList, isNumberChar, isWs, parseNumber } from "../../src/obj/objScan.js";
import { giveBackScratch, takeScratch } from "../../src/obj/objScratch.js";

describe("objScan rules", () => {
  it("calls whitespace every code unit `\\s` calls whitespace, and nothing else", () => {
    const wrong: number[] = [];
    for (let c = 0; c <= 0xffff; c++) if (isWs(c) !== /\s/.test(String.fromCharCode(c))) wrong.push(c);
    expect(wrong).toEqual([]);
  });

  it("takes digits, '.', '+', '-', 'e', 'E' and '|' as number characters, and nothing else in ASCII", () => {
    const taken: string[] = [];
    for (let c = 0; c < 128; c++) if (isNumberChar(c)) taken.push(String.fromCharCode(c));
    expect(taken.join("")).toBe("+-.0123456789Ee|");
  });

  it("reads every number as parseFloat reads it, within a longer text", () => {
    const numbers = [
      "0",
      "7",
      "12",
      "99",
      "305",
      "-4096",
      "+17",
      "1.5",
      "-0.25",
      "0.0001",
      "12.075",
      "3.",
      ".5",
      "-0",
      "123456789012345",
      "1234567890123456",
      "12345678901234567",
      "98765432109876543210",
      "279033882500255018527138",
      "0.12345678901234567",
      "1e3",
      "2.5E-2",
      "-",
      "+",
      ".",
      "",
      "1.2.3",
      "4x",
      "1|2",
      "--1",
    ];
    for (const n of numbers) {
      const text = `v 9${n} 9`;
      expect(Object.is(parseNumber(text, 3, 3 + n.length), Number.parseFloat(n)), JSON.stringify(n)).toBe(true);
    }
  });

  it("gives one byte a character: ASCII as itself, any other 255, then a 0", () => {
    const text = "a é\u2003b€";
    expect([...asciiBytes(text, new Uint8Array(0)).subarray(0, text.length + 1)]).toEqual([
      97, 32, 255, 255, 98, 255, 0,
    ]);
    const into = new Uint8Array(16).fill(7);
    expect(asciiBytes("ab", into)).toBe(into);
    expect([...into.subarray(0, 3)]).toEqual([97, 98, 0]);
  });

  it("grows a list only when it is full, to twice its size or what is asked", () => {
    const list = floatList(4);
    list.reserve(4);
    expect(list.data.length).toBe(4);
    for (let i = 0; i < 5; i++) list.push(i + 0.5);
    expect(list.data.length).toBe(8);
    expect([...list.data.subarray(0, list.length)]).toEqual([0.5, 1.5, 2.5, 3.5, 4.5]);
    list.reserve(20);
    expect(list.data.length).toBe(25);
    expect([...list.data.subarray(0, 5)]).toEqual([0.5, 1.5, 2.5, 3.5, 4.5]);
  });
});

describe("objScratch rules", () => {
  it("makes lists sized for a few thousand values, and keeps them for the next read of up to 1 MiB", () => {
    // Another file's read in this worker's shared module graph may have left its (grown) lists
    // kept: taken and not given back, they are dropped, so the next take makes new ones.
    takeScratch();
    const first = takeScratch();
    expect(first.positions.data.length).toBe(3 * 1024);
    expect(first.uvs.data.length).toBe(2 * 1024);
    expect(first.normals.data.length).toBe(3 * 1024);
    expect(first.bytes.length).toBe(64 * 1024);
    giveBackScratch(first, 1 << 20);
    expect(takeScratch()).toBe(first);
    giveBackScratch(first, (1 << 20) + 1);
    const next = takeScratch();
    expect(next).not.toBe(first);
    giveBackScratch(next, 0);
  });
});
