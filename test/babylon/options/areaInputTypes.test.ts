/**
 * Area shapes are `AreaInput`s in a strict project (`exactOptionalPropertyTypes`): the guide's
 * savanna passes a `CircleArea` as populate's `area` and `water`. Checked by the TypeScript
 * compiler on a tiny file, under the options a strict game uses.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(join(tmpdir(), "menagerie-area-types-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const src = resolve(import.meta.dirname, "../../../src");

const consumer = `
import type { Area, CircleArea, PolygonArea } from ${JSON.stringify(`${src}/motion/area.js`)};
import type { AreaInput } from ${JSON.stringify(`${src}/babylon/options/areaInput.js`)};
declare const circle: CircleArea;
declare const polygon: PolygonArea;
declare const area: Area;
const inputs: AreaInput[] = [circle, polygon, area, { center: { x: 0, z: 0 }, radius: 2, holes: [circle] }];
const holed: AreaInput = { points: [], holes: [polygon, area] };
export { inputs, holed };
`;

describe("AreaInput under exactOptionalPropertyTypes", () => {
  it("takes every area shape", () => {
    const file = join(dir, "consumer.ts");
    writeFileSync(file, consumer);
    const program = ts.createProgram([file], {
      strict: true,
      exactOptionalPropertyTypes: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: [],
    });
    const errors = ts
      .getPreEmitDiagnostics(program, program.getSourceFile(file))
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n").split("\n")[0]);
    expect(errors).toEqual([]);
  }, 60_000);
});
