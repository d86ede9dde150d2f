// @ts-check
/**
 * A new user's plain Node ESM script on the installed tarball: starts the reference service
 * (babylon-menagerie/service) on the default catalog, looks the fox up with the lookup client
 * (the root entry) and reads its size (babylon-menagerie/records), prints one JSON line, then serves until stdin closes.
 * Usage: node service.mjs <catalog cache folder>
 */
import { createLookupClient } from "babylon-menagerie";
import { recordSize } from "babylon-menagerie/records";
import { ensureDefaultCatalog, startLookupServer } from "babylon-menagerie/service";

const catalogDir = await ensureDefaultCatalog({ cacheDir: process.argv[2] ?? ".menagerie" });
const server = await startLookupServer({ catalogDir, port: 0, hostname: "127.0.0.1" });
const client = createLookupClient({ baseUrl: server.url, apiKey: "dev-key" });
const fox = await client.getModel("fox");
const answer = {
  url: server.url,
  name: fox?.name ?? null,
  parts: Object.keys(fox?.model.parts ?? {}).length,
  size: fox ? (recordSize(fox) ?? null) : null,
};
process.stdout.write(`${JSON.stringify(answer)}\n`);
process.stdin.resume();
process.stdin.on("end", () => void server.close());
