/** The reference service in the newer dialect: id= lookups, maxResultNum, app, the three habitat forms. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModelRecordSchema } from "../../src/records/schemas.js";
import { createLookupService, type LookupService } from "../../src/service/index.js";
import { type FixtureCatalog, FOREST_NAMES, writeFixtureCatalog } from "../helpers/serviceCatalog.js";

let catalog: FixtureCatalog;
let service: LookupService;

async function get(path: string) {
  const response = await service.app.request(path);
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : undefined };
}

beforeAll(async () => {
  catalog = await writeFixtureCatalog();
  service = await createLookupService({
    catalogDir: catalog.dir,
    signingKey: "unit-signing-key-of-at-least-32-bytes",
    rateLimit: false,
  });
});
afterAll(() => catalog.remove());

describe("id lookups", () => {
  it("answers the record whose _id is given, exactly, whatever fuzzy says", async () => {
    for (const query of ["id=fixture-fox", "id=fixture-fox&fuzzy=false", "id=fixture-cat_0002&fuzzy=true"]) {
      const res = await get(`/anything?key=dev-key&${query}`);
      expect(res.status, query).toBe(200);
      expect(ModelRecordSchema.parse(res.json)._id, query).toBe(query.slice(3).split("&")[0]);
    }
  });

  it("answers 404 Model not found for an unknown id, also one that differs only in case or spaces", async () => {
    for (const id of ["nope", "FIXTURE-FOX", "%20fixture-fox", "fox"]) {
      const res = await get(`/anything?key=dev-key&id=${id}`);
      expect([res.status, res.json], id).toEqual([404, { code: "Model not found", message: "No model has this id." }]);
    }
  });
});

describe("search limits and app", () => {
  const names = async (query: string) =>
    ((await get(`/anything?key=dev-key&${query}`)).json as { name: string }[]).map((r) => r.name);
  const MAMMALS = ["cat#0001", "cat#0002", "fox", "polar bear"];

  it("caps a search at maxResultNum, in the search's order", async () => {
    expect(await names("search=mammals&maxResultNum=1")).toEqual(MAMMALS.slice(0, 1));
    expect(await names("search=mammals&maxResultNum=3")).toEqual(MAMMALS.slice(0, 3));
    expect(await names("search=mammals&maxResultNum=%2010%20")).toEqual(MAMMALS);
  });

  it("answers every match for maxResultNum=-1 and without it", async () => {
    expect(await names("search=mammals&maxResultNum=-1")).toEqual(MAMMALS);
    expect(await names("search=mammals")).toEqual(MAMMALS);
  });

  it("accepts app, even empty or repeated, and ignores it", async () => {
    expect(await names("search=mammals&app=zoo&maxResultNum=2")).toEqual(MAMMALS.slice(0, 2));
    for (const query of [
      "name=fox&app=zoo",
      "id=fixture-fox&app=",
      "name=fox&app=a&app=b",
      "name=fox&maxResultNum=1&app=zoo",
    ]) {
      const res = await get(`/anything?key=dev-key&${query}`);
      expect([res.status, (res.json as { name: string }).name], query).toEqual([200, "fox"]);
    }
  });
});

describe("habitats in the service's three forms", () => {
  it("finds records by flag, by habitats list and by habitat string, whatever their case", async () => {
    const names = async (q: string) =>
      ((await get(`/anything?key=dev-key&search=${q}`)).json as { name: string }[]).map((r) => r.name);
    expect(await names("forest")).toEqual(FOREST_NAMES); // flags
    expect(await names("river")).toEqual(["brown trout"]); // habitats: ["River", "Lake"]
    expect(await names("LAKE")).toEqual(["brown trout"]);
    expect(await names("icescape")).toEqual(["polar bear"]); // habitat: "Icescape"
    const trout = ModelRecordSchema.parse((await get("/anything?key=dev-key&name=brown%20trout")).json);
    expect([trout.river, trout.habitats]).toEqual([false, ["River", "Lake"]]);
  });
});
