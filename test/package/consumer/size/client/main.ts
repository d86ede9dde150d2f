/**
 * Only the lookup client from the root entry, and a record reader from
 * babylon-menagerie/records: `npm run size` fails if its bundle holds any Babylon module.
 */
import { createLookupClient, isMenagerieError } from "babylon-menagerie";
import { recordSize } from "babylon-menagerie/records";

const client = createLookupClient({ baseUrl: "http://127.0.0.1:8787", apiKey: "dev-key" });
try {
  const fox = await client.getModel("fox");
  document.body.textContent = fox ? `${fox.name}: ${recordSize(fox)?.meters ?? "?"} m` : "no fox";
} catch (error) {
  document.body.textContent = isMenagerieError(error, "http") ? `HTTP ${error.status}` : String(error);
}
