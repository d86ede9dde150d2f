/** Tiny inline model records for client tests. */
export function signedUrl(origin: string, path: string, expires: number): string {
  return `${origin}/assets/${path}?Expires=${expires}&KeyName=test&Signature=c2lnbmF0dXJl`;
}

/** A record as the service would send it, with links that expire at `expires` (unix seconds). */
export function makeRecord(name: string, expires = Math.floor(Date.now() / 1000) + 3600, origin = "http://cdn.test") {
  const slug = name.replace(/[^a-z0-9]+/gi, "_");
  return {
    _id: `id-${slug}`,
    name,
    creature: name,
    group: "mammals",
    type: "quadruped",
    behaviour: "walk",
    pet: false,
    detail: "low",
    author: "Menagerie tests",
    source: "test",
    source_endpoint: "test",
    scale: { height: "45 cm" },
    forest: true,
    tags: ["test"],
    model: {
      parts: {
        body: signedUrl(origin, `${slug}/body.obj`, expires),
        head: signedUrl(origin, `${slug}/head.obj`, expires),
      },
      other: {
        material: signedUrl(origin, `${slug}/${slug}.mtl`, expires),
        model: signedUrl(origin, `${slug}/${slug}.obj`, expires),
        texture: [signedUrl(origin, `${slug}/fur.png`, expires)],
        reference: signedUrl(origin, `${slug}/reference.png`, expires),
      },
    },
  };
}

/**
 * A record in the service's newer dialect (after `../shared/spec/newer-dialect-example.json`):
 * rigged GLB clips, a `formats` map, no parts and no whole-model OBJ, `height: 0` beside a
 * length, habitats as a list, and the newer descriptive fields.
 */
export function makeRiggedRecord(
  name: string,
  expires = Math.floor(Date.now() / 1000) + 3600,
  origin = "http://cdn.test",
) {
  const slug = name.replace(/[^a-z0-9]+/gi, "_");
  const link = (file: string) => signedUrl(origin, `${slug}/${file}`, expires);
  return {
    _id: `id-${slug}`,
    name,
    creature: name,
    group: "mammals",
    type: "quadruped_ungulate",
    entity: "animal",
    behaviour: "walk",
    pet: false,
    detail: "high",
    author: "Menagerie tests",
    source: "test",
    original_source: "test",
    tags: ["farm", "animal"],
    themeCategories: ["farm"],
    habitats: ["farm", "grass"],
    scale: { length: 2.4, height: 0, width: 0.6 },
    mass: 450,
    movement: { walk: 1.5, run: 8 },
    popularity: 12,
    preserveOriginalPosition: false,
    preserveOriginalScale: false,
    preserveOriginalRotation: false,
    thumbnails: { aw_thumbnail: link("thumbnail.png") },
    model: {
      parts: {},
      other: { reference: link("reference.png") },
      rig: {
        animations: {
          idle: { GLB: link("idle.glb") },
          walk: { GLB: link("walk.glb") },
          run: { glb: link("run.glb") },
        },
      },
      formats: { glb: link("model.glb"), fbx: link("model.fbx") },
    },
  };
}
