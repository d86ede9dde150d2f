/**
 * readObjRequest's rules, run on this thread: no levels before the simplifier is ready or when
 * none are asked for, levels after; every buffer listed for transfer once; a bad text answered
 * with its error's name and message.
 */
import { describe, expect, it } from "vitest";
import { prepareObjWorker, readObjRequest } from "../../src/obj/objWorkerReply.js";
import { sphereObj } from "../helpers/denseModels.js";

const TRIANGLE = "v 0 0 0\nv 1 0 0\nv 0 1 0\n";
const SPHERE = sphereObj([0, 0.5, 0], 0.5, 10, 12);
const LEVELS = [
  { ratio: 0.25, error: 0.03 },
  { ratio: 0.24, error: 0.03 },
];

describe("readObjRequest", () => {
  it("makes no levels before the worker is prepared, then makes those asked for", async () => {
    const early = readObjRequest({ id: 1, text: SPHERE, rightHanded: false, levels: LEVELS });
    expect("meshes" in early.reply && early.reply.meshes.map((m) => "levels" in m)).toEqual([false]);
    await prepareObjWorker();
    const { reply, transfer } = readObjRequest({ id: 2, text: SPHERE, rightHanded: false, levels: LEVELS });
    if (!("meshes" in reply)) throw new Error("no meshes");
    expect(reply.id).toBe(2);
    const [mesh] = reply.meshes;
    const [first, second] = mesh!.levels!;
    expect(first).not.toBeNull();
    // The second level gains too little over the first: the same object, listed once.
    expect(second).toBe(first);
    expect(transfer).toHaveLength(8);
    expect(new Set(transfer).size).toBe(8);
    for (const array of [
      mesh!.positions,
      mesh!.normals,
      mesh!.uvs,
      mesh!.indices,
      first!.positions,
      first!.normals,
      first!.uvs,
      first!.indices,
    ]) {
      expect(transfer).toContain(array!.buffer);
    }
  });

  it("makes no levels when none or an empty list is asked for, and lists only the buffers a mesh has", async () => {
    await prepareObjWorker();
    for (const levels of [undefined, []]) {
      const { reply, transfer } = readObjRequest({ id: 3, text: `${TRIANGLE}f 1 2 3\n`, rightHanded: true, levels });
      if (!("meshes" in reply)) throw new Error("no meshes");
      expect(reply.meshes.map((m) => "levels" in m)).toEqual([false]);
      expect(transfer).toEqual([reply.meshes[0]!.positions.buffer, reply.meshes[0]!.indices.buffer]);
      expect(Array.from(reply.meshes[0]!.positions)).toEqual([0, 0, 0, 0, 1, 0, 1, 0, 0]);
    }
  });

  it("lists null levels as nothing (a mesh with no gain) and lines as no levels", async () => {
    await prepareObjWorker();
    const text = `${TRIANGLE}o a\nf 1 2 3\no b\nl 1 2\n`;
    const { reply, transfer } = readObjRequest({ id: 4, text, rightHanded: false, levels: LEVELS });
    if (!("meshes" in reply)) throw new Error("no meshes");
    expect(reply.meshes.map((m) => m.levels)).toEqual([[null, null], undefined]);
    expect(transfer).toHaveLength(4);
  });

  it("answers a text it cannot read with the error's name and message, and nothing to transfer", () => {
    expect(readObjRequest({ id: 5, text: `${TRIANGLE}f 1 2 9\n`, rightHanded: false })).toEqual({
      reply: {
        id: 5,
        error: { name: "ObjTextError", message: "a face refers to vertex 9, which is not defined before it" },
      },
      transfer: [],
    });
  });
});
