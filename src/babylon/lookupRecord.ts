/** The lookup of a spawn by name, sent by the Menagerie before the runtime chunk arrives. */
import { createLookupClient } from "../api/client.js";
import type { LookupClient } from "../api/clientOptions.js";
import { LoadError, OptionsError } from "../core/errors.js";
import type { ModelRecord } from "../records/schemas.js";
import type { MenagerieOptions, SpawnOptions } from "./options/menagerieOptions.js";

/** A Menagerie's client: the one given, else one made from `baseUrl`; none without either. */
export function menagerieClient(options: MenagerieOptions): LookupClient | undefined {
  if (options.client) return options.client;
  if (options.baseUrl === undefined) return undefined;
  return createLookupClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    lookupPath: options.lookupPath,
    ...(options.app !== undefined ? { app: options.app } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/** Looks a record up by name; a missing client or record is a clear error. */
export async function lookupRecord(
  client: LookupClient | undefined,
  name: string,
  options: Pick<SpawnOptions, "signal" | "fuzzy">,
): Promise<ModelRecord> {
  if (!client)
    throw new OptionsError("client", "is needed to spawn by name: pass { client } or { baseUrl } to new Menagerie()");
  const record = await client.getModel(name, {
    ...(options.fuzzy !== undefined ? { fuzzy: options.fuzzy } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!record)
    throw new LoadError({ reason: "not-found", model: name, detail: `the service found no model named "${name}"` });
  return record;
}
