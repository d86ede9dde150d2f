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
