/**
 * The reference service with the shared catalog for a test file, and per test a fresh rigged
 * scene (camera at (0, 1, -5), looking along +z) with a Menagerie on it, stepped by hand
 * (`autoStep: false`) and without animation level of detail; `setup({ fetch })` gives its client
 * and its asset loads a fetch of the test's own (to count requests). Registers its own hooks: the
 * service starts before the file's tests and stops after them; each test's Menagerie and scene
 * are disposed after it.
 */
import { afterAll, afterEach, beforeAll } from "vitest";
import { createLookupClient } from "../../src/api/client.js";
import { Menagerie } from "../../src/babylon/menagerie.js";
import { startCatalogService } from "./catalogService.js";
import { createRiggedScene } from "./riggedScene.js";

export interface CatalogMenagerie {
  env: ReturnType<typeof createRiggedScene>;
  menagerie: Menagerie;
}

/** Call at a file's top level; `setup()` in a test makes that test's scene and Menagerie. */
export function catalogMenagerieFixture(): {
  setup(options?: { fetch?: typeof fetch }): CatalogMenagerie;
  /** The running service (after the file's `beforeAll`). */
  service(): Awaited<ReturnType<typeof startCatalogService>>;
} {
  let service: Awaited<ReturnType<typeof startCatalogService>> | undefined;
  let made: CatalogMenagerie | undefined;
  beforeAll(async () => {
    service = await startCatalogService();
  }, 120_000);
  afterAll(async () => {
    await service?.close();
  });
  afterEach(() => {
    made?.menagerie.dispose();
    made?.env.dispose();
    made = undefined;
  });
  return {
    setup(options = {}) {
      const env = createRiggedScene();
      const client = createLookupClient({ baseUrl: service!.url, apiKey: "dev-key", ...options });
      const menagerie = new Menagerie(env.scene, { client, autoStep: false, animationLod: false, ...options });
      made = { env, menagerie };
      return made;
    },
    service: () => service!,
  };
}
