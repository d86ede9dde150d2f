/** toServedRecord on the newer dialect's links: rig GLBs, formats and thumbnails are signed too. */
import { describe, expect, it } from "vitest";
import { CatalogEntrySchema } from "../../src/catalog/catalogFormat.js";
import { toServedRecord } from "../../src/service/catalogStore.js";
import { verifySignedUrl } from "../../src/service/signing.js";

const KEY = { keyName: "menagerie", secret: "served-record-secret" };
const EXPIRES = 1_900_000_000;
const links = { origin: "http://127.0.0.1:9", assetsPrefix: "/assets/", key: KEY, expires: EXPIRES };

/** A rig-only entry as the catalog writes it. */
const HORSE = CatalogEntrySchema.parse({
  _id: "mng-horse-1",
  name: "horse#0003",
  creature: "horse",
  group: "mammals",
  type: "quadruped",
  behaviour: "walk",
  pet: false,
  detail: "high",
  author: "a",
  source: "s",
  source_endpoint: "e",
  scale: { height: 0, length: 2.4, width: 0.6 },
  habitats: ["farm", "grass"],
  movement: { walk: 1.5, run: 4 },
  thumbnails: { aw_thumbnail: "horse-0003/reference.png" },
  model: {
    parts: {},
    other: { reference: "horse-0003/reference.png" },
    rig: {
      GLB: "horse-0003/rig/model.glb",
      animations: { idle: { GLB: "horse-0003/rig/idle.glb" }, walk: { GLB: "horse-0003/rig/walk.glb" } },
    },
    formats: { glb: "horse-0003/rig/model.glb" },
  },
});

describe("toServedRecord", () => {
  it("signs rig.GLB, each rig.animations.<clip>.GLB, formats and thumbnails, and keeps the rest", () => {
    const served = toServedRecord(HORSE, links) as typeof HORSE;
    const signed = [
      served.model.rig!.GLB!,
      ...Object.values(served.model.rig!.animations).map((a) => a.GLB),
      served.model.formats!["glb"]!,
      served.thumbnails!["aw_thumbnail"]!,
      served.model.other.reference!,
    ];
    expect(signed.map((u) => u.split("?")[0])).toEqual([
      "http://127.0.0.1:9/assets/horse-0003/rig/model.glb",
      "http://127.0.0.1:9/assets/horse-0003/rig/idle.glb",
      "http://127.0.0.1:9/assets/horse-0003/rig/walk.glb",
      "http://127.0.0.1:9/assets/horse-0003/rig/model.glb",
      "http://127.0.0.1:9/assets/horse-0003/reference.png",
      "http://127.0.0.1:9/assets/horse-0003/reference.png",
    ]);
    for (const url of signed)
      expect(verifySignedUrl(url, { keys: [KEY], now: () => (EXPIRES - 60) * 1000 })).toEqual({
        valid: true,
        expires: EXPIRES,
        keyName: "menagerie",
      });
    expect(served.model.parts).toEqual({});
    expect(Object.keys(served.model.other)).toEqual(["reference"]); // no texture list invented
    expect(served.scale).toEqual({ height: 0, length: 2.4, width: 0.6 });
    expect(served.habitats).toEqual(["farm", "grass"]);
    expect(served.movement).toEqual({ walk: 1.5, run: 4 });
  });

  it("leaves rig, formats and thumbnails out of records that have none", () => {
    const { thumbnails: _, ...rest } = HORSE;
    const plain = CatalogEntrySchema.parse({
      ...rest,
      model: { parts: { body: "h/body.obj" }, other: { texture: ["h/t.png"] } },
    });
    const served = toServedRecord(plain, links);
    expect(Object.keys(served["model"] as object)).toEqual(["parts", "other"]);
    expect(served).not.toHaveProperty("thumbnails");
  });

  it("refuses a rig path that leaves the catalog", () => {
    const bad = { ...HORSE, model: { ...HORSE.model, rig: { animations: { idle: { GLB: "../secret.glb" } } } } };
    expect(CatalogEntrySchema.safeParse(bad).success).toBe(false);
  });
});
