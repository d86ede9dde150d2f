/**
 * Prints the catalog zebra's walk and run speeds and its clips' rates, by default, after
 * `setSpeeds({ walk: 1.2, run: 7 })`, and at twice its record's height:
 *
 *   npx tsx test/helpers/printZebraSpeeds.ts
 */
import { createLookupClient } from "../../src/api/client.js";
import { Menagerie } from "../../src/babylon/menagerie.js";
import { startCatalogService } from "./catalogService.js";
import { createRiggedScene } from "./riggedScene.js";
import { formatSpeeds, readSpeeds } from "./zebraSpeeds.js";

const service = await startCatalogService();
const env = createRiggedScene();
try {
  const client = createLookupClient({ baseUrl: service.url, apiKey: "dev-key" });
  const menagerie = new Menagerie(env.scene, { client });
  const step = (frames: number) => {
    for (let i = 0; i < frames; i++) menagerie.stepMotion(1 / 60);
  };
  console.log(formatSpeeds("default", await readSpeeds(menagerie, step, "zebra")));
  const speeds = { walk: 1.2, run: 7 };
  console.log(formatSpeeds("setSpeeds(walk 1.2, run 7)", await readSpeeds(menagerie, step, "zebra", { speeds })));
  console.log(formatSpeeds("height 3.8 m", await readSpeeds(menagerie, step, "zebra", { height: 3.8 })));
  menagerie.dispose();
} finally {
  env.dispose();
  await service.close();
}
