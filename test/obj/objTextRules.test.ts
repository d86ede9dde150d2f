/**
 * parseObjText's rules one by one, on small hand-written OBJs with exact buffers: X negated and
 * faces fanned by handedness, which lines make meshes and what they are named, comments, blank
 * and indented lines, tabs, `l` lines, relative indices, and the errors for bad faces.
 */
import { describe, expect, it } from "vitest";
import { type ObjMesh, ObjTextError, parseObjText } from "../../src/obj/objText.js";

const SQUARE = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n";
const UVS = "vt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\n";
const NORMALS = "vn 0 0 1\nvn 0 0 -1\nvn 1 0 0\nvn 0 1 0\n";

/** The triangle of the tab tests: v values read past tabs, the vn and vt lines with tabs skipped. */
const TABBED_TRIANGLE = [
  {
    positions: [-1, 2, 3, -4, 5, 6, -7, 8, 9],
    indices: [0, 1, 2],
    normals: [0, 1, 0, 0, 1, 0, 0, 1, 0],
    uvs: [1, 1, 1, 1, 1, 1],
  },
];

/** Values as plain numbers, -0 as 0 (X negated makes -0 of every 0). */
const values = (array: ArrayLike<number>) => Array.from(array, (v) => v + 0);

/** A mesh with its typed arrays as plain arrays, the kind of index array named. */
function plain(mesh: ObjMesh) {
  return {
    name: mesh.name,
    materialName: mesh.materialName,
    isObject: mesh.isObject,
    hasLines: mesh.hasLines,
    positions: values(mesh.positions),
    indices: Array.from(mesh.indices),
    indexType: mesh.indices.constructor.name,
    ...(mesh.normals ? { normals: values(mesh.normals) } : {}),
    ...(mesh.uvs ? { uvs: values(mesh.uvs) } : {}),
  };
}
const read = (text: string, rightHanded = false) => parseObjText(text, { rightHanded }).map(plain);
const buffers = (text: string, rightHanded = false) =>
  read(text, rightHanded).map(({ positions, indices, normals, uvs }) => ({ positions, indices, normals, uvs }));

function thrown(text: string): [string, string] {
  try {
    parseObjText(text);
  } catch (error) {
    expect(error).toBeInstanceOf(ObjTextError);
    return [(error as Error).name, (error as Error).message];
  }
  throw new Error("did not throw");
}

describe("parseObjText's buffers", () => {
  it("negates X in a left-handed scene (the default) and fans a face from its first corner", () => {
    const pentagon = "v 0 0 0\nv 2 0 0\nv 3 1 0\nv 1 2 0\nv -1 1 0\nf 1 2 3 4 5\n";
    expect(read(pentagon)).toEqual([
      {
        name: "",
        materialName: "",
        isObject: true,
        hasLines: false,
        positions: [0, 0, 0, -2, 0, 0, -3, 1, 0, -1, 2, 0, 1, 1, 0],
        indices: [0, 1, 2, 0, 2, 3, 0, 3, 4],
        indexType: "Uint16Array",
      },
    ]);
    expect(parseObjText(pentagon).map(plain)).toEqual(read(pentagon));
  });

  it("keeps X and reverses each triangle's winding in a right-handed scene", () => {
    expect(buffers("v 0 0 0\nv 2 0 0\nv 3 1 0\nv 1 2 0\nv -1 1 0\nf 1 2 3 4 5\n", true)).toEqual([
      {
        positions: [0, 0, 0, 3, 1, 0, 2, 0, 0, 1, 2, 0, -1, 1, 0],
        indices: [0, 1, 2, 0, 3, 1, 0, 4, 3],
        normals: undefined,
        uvs: undefined,
      },
    ]);
  });

  it("gives each corner its uv as written and its normal with X negated like positions", () => {
    const text = "v 1 2 3\nv 4 5 6\nv 7 8 9\nvt 0.25 0.5\nvt 0.75 1\nvn 0.5 0.25 1\nvn 1 0 0\nf 1/1/1 2/2/2 3/1/2\n";
    expect(buffers(text)).toEqual([
      {
        positions: [-1, 2, 3, -4, 5, 6, -7, 8, 9],
        indices: [0, 1, 2],
        normals: [-0.5, 0.25, 1, -1, 0, 0, -1, 0, 0],
        uvs: [0.25, 0.5, 0.75, 1, 0.25, 0.5],
      },
    ]);
    expect(buffers(text, true)).toEqual([
      {
        positions: [1, 2, 3, 7, 8, 9, 4, 5, 6],
        indices: [0, 1, 2],
        normals: [0.5, 0.25, 1, 1, 0, 0, 1, 0, 0],
        uvs: [0.25, 0.5, 0.25, 0.5, 0.75, 1],
      },
    ]);
  });

  it("reads relative (-v/-vt/-vn) corners against what is defined so far", () => {
    const text = `${SQUARE}vt 0 0\nvt 1 0\nvt 1 1\nvn 0 0 1\nvn 0 1 0\nf -4/-3/-2 -3/-2/-2 -2/-1/-1\n`;
    expect(buffers(text)).toEqual([
      {
        positions: [0, 0, 0, -1, 0, 0, -1, 1, 0],
        indices: [0, 1, 2],
        normals: [0, 0, 1, 0, 0, 1, 0, 1, 0],
        uvs: [0, 0, 1, 0, 1, 1],
      },
    ]);
  });

  it("reads tabs between v values but not between vn or vt values, and a tab after f", () => {
    const text = "v 1\t2\t3\nv 4 5 6\nv 7 8 9\nvn 0\t0\t1\nvn 0 1 0\nvt 0.5\t0.5\nvt 1 1\nf\t1/1/1 2/1/1 3/1/1\n";
    expect(buffers(text)).toEqual(TABBED_TRIANGLE);
  });

  it("takes two values from a vt line and three from v and vn, and skips other v* lines", () => {
    const text =
      "v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0.5 0.25 0.125\nvn 1 2 3\nvp 4 4 4\nvx 5 5 5\nv 1 2\nv 9 9 9 9\nf 1/1/1 2/1/1 4/1/1\n";
    expect(buffers(text)).toEqual([
      {
        positions: [0, 0, 0, -1, 0, 0, -9, 9, 9],
        indices: [0, 1, 2],
        normals: [-1, 2, 3, -1, 2, 3, -1, 2, 3],
        uvs: [0.5, 0.25, 0.5, 0.25, 0.5, 0.25],
      },
    ]);
  });

  it("reads no uv from a vp or vx line, so a face's second uv is the second vt line", () => {
    const text = "v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0.5 0.25\nvp 4 4\nvx 5 5\nvt 0.75 0.125\nf 1/2 2/2 3/2\n";
    expect(buffers(text)).toEqual([
      {
        positions: [0, 0, 0, -1, 0, 0, 0, 1, 0],
        indices: [0, 1, 2],
        normals: undefined,
        uvs: [0.75, 0.125, 0.75, 0.125, 0.75, 0.125],
      },
    ]);
  });

  it("reads no face from an f with no whitespace after it (f1 2 3), as SolidParser's f\\s patterns", () => {
    expect(buffers("v 0 0 0\nv 1 0 0\nv 0 1 0\nf1 2 3\n")).toEqual([]);
    expect(buffers("v 0 0 0\nv 1 0 0\nv 0 1 0\nf1 2 3\nf 1 2 3\n")).toHaveLength(1);
  });

  it("names an o or g line past two or three spaces after its letter, as SolidParser's tidying does", () => {
    const names = read(`${SQUARE}o  two\nf 1 2 3\ng   three\nf 1 3 4\n`).map((mesh) => mesh.name);
    expect(names).toEqual(["two", "three"]);
  });

  it("counts a uv or normal index past those defined as none", () => {
    expect(buffers(`${SQUARE}vt 0 0\nvn 0 0 1\nf 1/2/2 2/2/2 3/2/2\n`)).toEqual([
      { positions: [0, 0, 0, -1, 0, 0, -1, 1, 0], indices: [0, 1, 2], normals: undefined, uvs: undefined },
    ]);
  });

  it("reads indented lines, trailing whitespace, blank lines first, and a last line without a newline", () => {
    expect(buffers(`\n\n${SQUARE}\n  f 1 2 3 \t \n\tf 1 3 4\nf\nf \nf 1 2`)).toEqual([
      {
        positions: [0, 0, 0, -1, 0, 0, -1, 1, 0, 0, 1, 0],
        indices: [0, 1, 2, 0, 2, 3],
        normals: undefined,
        uvs: undefined,
      },
    ]);
    expect(buffers(`${SQUARE}f 2 3 4`)).toEqual([
      { positions: [-1, 0, 0, -1, 1, 0, 0, 1, 0], indices: [0, 1, 2], normals: undefined, uvs: undefined },
    ]);
  });

  it("drops comments wherever they start, on v, f and o lines and after a first comment line", () => {
    const text = `# v 9 9 9\n${SQUARE}o body # the body\nv 5 5 5 # fifth\nf 1 2 5 # c\nf 1/1/1 2/1/1 3/1/1#c\n`;
    expect(read(text)).toEqual([
      {
        name: "body",
        materialName: "",
        isObject: true,
        hasLines: false,
        positions: [0, 0, 0, -1, 0, 0, -5, 5, 5, 0, 0, 0, -1, 0, 0, -1, 1, 0],
        indices: [0, 1, 2, 3, 4, 5],
        indexType: "Uint16Array",
      },
    ]);
  });
});

describe("parseObjText's lines with comments", () => {
  it("reads a commented line's own characters, not those at the same place in the text's first line", () => {
    const text = "v 1 2 3\nv 4 5 6 # second\nv 7 8 9\nf 1 2 3 # face\nf 2 3 1\n";
    expect(buffers(text)).toEqual([
      {
        positions: [-1, 2, 3, -4, 5, 6, -7, 8, 9],
        indices: [0, 1, 2, 1, 2, 0],
        normals: undefined,
        uvs: undefined,
      },
    ]);
  });

  it("reads tabs between v values but not between vn or vt values on a commented line too", () => {
    const text =
      "v 1\t2\t3 # tabs\nv 4 5 6\nv 7 8 9\nvn 0\t0\t1 # tabs\nvn 0 1 0\nvt 0.5\t0.5 # tabs\nvt 1 1\nf 1/1/1 2/1/1 3/1/1\n";
    expect(buffers(text)).toEqual(TABBED_TRIANGLE);
  });
});

describe("parseObjText's meshes", () => {
  it("makes a mesh per o, g and later usemtl, named and with their materials", () => {
    const text = `${SQUARE}o body\nusemtl fur\nf 1 2 3\nusemtl eye\nf 1 3 4\ng belly\nf 2 3 4\nusemtl fur\nf 1 2 4\nusemtl horn\nf 1 2 3\n`;
    expect(
      read(text).map(({ name, materialName, isObject, indices }) => ({ name, materialName, isObject, indices })),
    ).toEqual([
      { name: "body", materialName: "fur", isObject: true, indices: [0, 1, 2] },
      { name: "mesh_mm1", materialName: "eye", isObject: false, indices: [0, 1, 2] },
      { name: "belly", materialName: "fur", isObject: false, indices: [0, 1, 2, 3, 0, 2] },
      { name: "mesh_mm1", materialName: "horn", isObject: false, indices: [0, 1, 2] },
    ]);
    expect(read(text)[2]!.positions).toEqual([-1, 0, 0, -1, 1, 0, 0, 1, 0, 0, 0, 0]);
  });

  it("numbers usemtl meshes before any o, and gives an o the material in use", () => {
    const text = `${SQUARE}usemtl fur\nf 1 2 3\nusemtl eye\nf 1 3 4\no leg\nf 2 3 4\n`;
    expect(
      read(text).map(({ name, materialName, isObject, positions }) => ({ name, materialName, isObject, positions })),
    ).toEqual([
      { name: "mesh_mm1", materialName: "fur", isObject: false, positions: [0, 0, 0, -1, 0, 0, -1, 1, 0] },
      { name: "mesh_mm2", materialName: "eye", isObject: false, positions: [0, 0, 0, -1, 1, 0, 0, 1, 0] },
      { name: "leg", materialName: "eye", isObject: true, positions: [-1, 0, 0, -1, 1, 0, 0, 1, 0] },
    ]);
  });

  it("puts faces before the first o into it, and drops meshes without faces", () => {
    expect(read(`${SQUARE}f 1 2 3\no body\nf 1 3 4\no empty\ng none\n`)).toEqual([
      {
        name: "body",
        materialName: "",
        isObject: true,
        hasLines: false,
        positions: [0, 0, 0, -1, 0, 0, -1, 1, 0, 0, 1, 0],
        indices: [0, 1, 2, 0, 2, 3],
        indexType: "Uint16Array",
      },
    ]);
    expect(read(`${SQUARE}o a\ng b\nusemtl m\n`)).toEqual([]);
    expect(read("")).toEqual([]);
  });

  it("trims names and materials after collapsing whitespace, ignores other u lines, keeps a tab-named g", () => {
    const text = `${SQUARE}o     body  \nusemtl     fur\nf 1 2 3\ng\tbelly\nusemtlx foo\nusemtl\nf 1 3 4\n`;
    expect(read(text).map(({ name, materialName, isObject }) => ({ name, materialName, isObject }))).toEqual([
      { name: "body", materialName: "fur", isObject: true },
      { name: "belly", materialName: "fur", isObject: false },
    ]);
  });

  it("makes each l segment a degenerate triangle, for v, v/vt and v/vt/vn corners", () => {
    const text = `${SQUARE}${UVS}${NORMALS}o a\nl 1 2 3 4\no b\nl 1/1 2/2\no c\nl 1/1/1 2/2/2 3/3/3\no d\nl 1  2\nl 3\n`;
    expect(read(text)).toEqual([
      {
        name: "a",
        materialName: "",
        isObject: true,
        hasLines: true,
        positions: [0, 0, 0, -1, 0, 0, -1, 1, 0, 0, 1, 0],
        indices: [0, 0, 1, 1, 1, 2, 2, 2, 3],
        indexType: "Uint16Array",
      },
      {
        name: "b",
        materialName: "",
        isObject: true,
        hasLines: true,
        positions: [0, 0, 0, -1, 0, 0],
        indices: [0, 0, 1],
        indexType: "Uint16Array",
        uvs: [0, 0, 1, 0],
      },
      {
        name: "c",
        materialName: "",
        isObject: true,
        hasLines: true,
        positions: [0, 0, 0, -1, 0, 0, -1, 1, 0],
        indices: [0, 0, 1, 1, 1, 2],
        indexType: "Uint16Array",
        normals: [0, 0, 1, 0, 0, -1, -1, 0, 0],
        uvs: [0, 0, 1, 0, 1, 1],
      },
      {
        name: "d",
        materialName: "",
        isObject: true,
        hasLines: true,
        positions: [0, 0, 0, -1, 0, 0],
        indices: [0, 0, 1],
        indexType: "Uint16Array",
      },
    ]);
    expect(read(`${SQUARE}l 1 2\n`, true)[0]!.indices).toEqual([0, 1, 0]);
  });
});

describe("parseObjText's errors", () => {
  it("names the vertex a face refers to that is not defined (past the last, 0, or relative before the first)", () => {
    const triangle = "v 0 0 0\nv 1 0 0\nv 0 1 0\n";
    const undefinedVertex = (n: number) => [
      "ObjTextError",
      `a face refers to vertex ${n}, which is not defined before it`,
    ];
    expect(thrown(`${triangle}f 1 2 4\n`)).toEqual(undefinedVertex(4));
    expect(thrown(`${triangle}f 1 2 4 5 6\n`)).toEqual(undefinedVertex(4));
    expect(thrown(`${triangle}f 0 1 2\n`)).toEqual(undefinedVertex(0));
    expect(thrown(`${triangle}vt 0 0\nvn 0 0 1\nf -1/-1/-1 -2/-1/-1 -4/-1/-1\n`)).toEqual(undefinedVertex(0));
    expect(thrown(`f 1 2 3\n${triangle}`)).toEqual(undefinedVertex(1));
  });

  it("rejects a mesh whose faces name uvs or normals for only some of its vertices", () => {
    expect(thrown(`${SQUARE}vt 0 0\nf 1/1 2/1 3/1\nf 1 3 4\n`)).toEqual([
      "ObjTextError",
      "some faces name texture coordinates that are not defined",
    ]);
    expect(thrown(`${SQUARE}vn 0 0 1\nf 1//1 2//1 3//1\nf 1 3 4\n`)).toEqual([
      "ObjTextError",
      "some faces name normals that are not defined",
    ]);
  });

  it("names the first vertex whose position is not finite as a float", () => {
    const nonFinite = (n: number) => ["ObjTextError", `a face uses vertex ${n}, whose position is not a finite number`];
    expect(thrown("v 0 0 0\nv 1 0 1e39\nv 0 1 0\nf 1 2 3\n")).toEqual(nonFinite(2));
    expect(thrown("v 0 0 0\nv 1 0 0\nv 0 1e39 0\nf 1 2 3\n")).toEqual(nonFinite(3));
    expect(thrown("v 0 0 0\nv 1 0 0\nv e e e\nv 0 1 0\nf 1 2 3\n")).toEqual(nonFinite(3));
    expect(thrown("v 0 0 0\nv 1e39 0 0\nv 0 1 0\nv 5 5 5\nf 4 1 2 3\n")).toEqual(nonFinite(2));
  });
});
