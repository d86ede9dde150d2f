/**
 * Gives a built creature the newer dialect's rigged GLBs: the rigged model alone
 * (`<slug>/rig/model.glb`, also `formats.glb`) and one GLB per clip (`<slug>/rig/<clip>.glb`),
 * each the same skinned mesh with one animation, plus `movement` (each clip's natural ground
 * speed: m/s at which it plays at rate 1 without sliding, for the model at the record's
 * `scale`; the GLB is in metres at exactly that size) and a thumbnail. A rig-only creature then loses its OBJ files and takes the shape the
 * real service sends: no parts, no `other.model`, sized by length, habitats as a list.
 */
import { HABITATS } from "../records/schemas.js";
import { bakeClips, rigOfParts } from "./bakeClips.js";
import { type BuiltCreature, slugOf } from "./buildCreature.js";
import { writeRiggedGlb } from "./glbWriter.js";
import { JUMP_CLIP_SPECIES } from "./species/rigged.js";
import type { Species } from "./species/types.js";

/** Metres with 3 decimals, as a number (the newer dialect's `scale`). */
const metres = (value: number) => Math.round(value * 1000) / 1000;

/** Adds the rig to `built` (files and record), in place. */
export async function rigCreature(built: BuiltCreature, species: Species, rigOnly: boolean): Promise<void> {
  const slug = slugOf(species.name);
  const rig = rigOfParts(species.type, built.parts);
  // Jump clips come with the newest dialect (see JUMP_CLIP_SPECIES).
  const clips = bakeClips(rig, species.behaviour, species.type, JUMP_CLIP_SPECIES.includes(species.name));
  const model = {
    name: species.name,
    materialPrefix: built.materialPrefix,
    parts: built.parts,
    rig,
    materials: built.materials,
  };
  const modelPath = `${slug}/rig/model.glb`;
  built.files.set(modelPath, Buffer.from(await writeRiggedGlb(model)));
  const animations: Record<string, { GLB: string }> = {};
  for (const clip of clips) {
    const path = `${slug}/rig/${clip.name}.glb`;
    built.files.set(path, Buffer.from(await writeRiggedGlb(model, clip)));
    animations[clip.name] = { GLB: path };
  }

  const record = built.record;
  record.model.rig = { GLB: modelPath, animations };
  record.model.formats = { glb: modelPath };
  record.thumbnails = { aw_thumbnail: record.model.other.reference! };
  record.movement = Object.fromEntries(clips.filter((c) => c.speed > 0).map((c) => [c.name, c.speed]));
  if (!rigOnly) return;

  const other = record.model.other;
  const objFiles = [...Object.values(record.model.parts), other.model, other.material, ...(other.texture ?? [])];
  for (const path of objFiles) if (path !== undefined) built.files.delete(path);
  record.model.parts = {};
  record.model.other = { reference: other.reference! };
  record.scale = { height: 0, length: metres(built.length), width: metres(built.width) };
  for (const habitat of HABITATS) delete record[habitat];
  record.habitats = [...species.habitats];
}
