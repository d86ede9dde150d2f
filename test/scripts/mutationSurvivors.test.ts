import { describe, expect, it } from "vitest";
import { explainSurvivor } from "../../scripts/mutationSurvivors.js";

describe("explainSurvivor", () => {
  const file = "src/babylon/gltf/clipGroup.ts";

  it("explains a survivor by its file, its code and its replacement", () => {
    const line = "    animation.setKeys(keysOf(channel, fps), true);";
    expect(explainSurvivor(file, "true", "false", "BooleanLiteral", line)).toMatch(/copy/);
    expect(explainSurvivor("src/babylon/gltf/readGlbClip.ts", "true", "false", "BooleanLiteral", line)).toBeUndefined();
    expect(explainSurvivor(file, "true", "undefined", "BooleanLiteral", line)).toBeUndefined();
  });

  it("explains a change as common as true → false only on the line its entry names", () => {
    expect(explainSurvivor(file, "true", "false", "BooleanLiteral", "    group.loopAnimation = true;")).toBeUndefined();
    expect(explainSurvivor(file, "true", "false", "BooleanLiteral")).toBeUndefined();
  });

  it('explains a walker\'s realm named "" where only "air" is asked, not where preysOn compares two realms', () => {
    const ecology = "src/population/ecology.ts";
    const asked = '  const realm = REALM_BY_BEHAVIOUR[record.behaviour ?? ""] ?? "ground";';
    const compared = '  const realm = (r: ModelRecord) => REALM_BY_BEHAVIOUR[r.behaviour ?? ""] ?? "ground";';
    expect(explainSurvivor(ecology, '"ground"', '""', "StringLiteral", asked)).toMatch(/air/);
    expect(explainSurvivor(ecology, '"ground"', '""', "StringLiteral", compared)).toBeUndefined();
  });
});
