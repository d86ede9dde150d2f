/** `menagerie-service --upstream URL --relay-assets`: the relay from the command line. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../../src/service/cli.js";
import { createLookupService } from "../../../src/service/index.js";
import { resolveServiceOptions } from "../../../src/service/options.js";
import { type CdnUpstream, startCdnUpstream } from "../../helpers/cdnUpstream.js";
import { tinyPng } from "../../helpers/tinyModels.js";

const UPSTREAM_KEY = "cli-relay-upstream-key";
let cdn: CdnUpstream;
beforeAll(async () => {
  cdn = await startCdnUpstream({ fox: { mtl: "newmtl fur\n", textures: { "fur.png": tinyPng() } } }, UPSTREAM_KEY);
});
afterAll(() => cdn.close());

async function relayed(env: Record<string, string>) {
  const lines: string[] = [];
  const argv = ["--port", "0", "--upstream", cdn.url, "--relay-assets", "--relay-allow-private"];
  const server = (await main(argv, {
    env: { MENAGERIE_UPSTREAM_KEY: UPSTREAM_KEY, ...env },
    log: (l) => lines.push(l),
  }))!;
  try {
    const [record] = (await (await fetch(`${server.url}/anything?name=fox`)).json()) as [
      { model: { other: { texture: string[] } } },
    ];
    const texture = record.model.other.texture[0]!;
    expect(texture.startsWith(`${server.url}/relay/`)).toBe(true);
    const res = await fetch(texture);
    expect([res.status, res.headers.get("access-control-allow-origin")]).toEqual([200, "*"]);
    return lines;
  } finally {
    await server.close();
  }
}

describe("menagerie-service --relay-assets", () => {
  it("relays assets, and says whether its links outlive a restart", async () => {
    const lines = await relayed({});
    expect(lines).toContain(
      `Asset relay on: asset links point at ${lines[0]!.match(/on (http:\/\/[^/]+)\//)![1]}/relay/; they end with this process (set MENAGERIE_SIGNING_KEY to keep them across restarts).`,
    );
    const lasting = await relayed({ MENAGERIE_SIGNING_KEY: "cli-relay-signing-key-of-32-bytes" });
    expect(lasting.some((l) => l.endsWith("they outlive a restart (MENAGERIE_SIGNING_KEY)."))).toBe(true);
    expect([...lines, ...lasting].join("\n")).not.toContain(UPSTREAM_KEY);
    expect(lasting.join("\n")).not.toContain("cli-relay-signing-key-of-32-bytes");
  });

  it("needs --upstream", async () => {
    await expect(main(["--relay-assets"], { env: {}, log: () => undefined })).rejects.toThrow(
      "--relay-assets needs --upstream",
    );
  });
});

describe("upstream.relayAssets", () => {
  const url = "http://127.0.0.1:9";
  it("is off by default, takes the defaults for true, and names a bad field", async () => {
    expect(resolveServiceOptions({ upstream: { url } }).upstream!.relayAssets).toBe(false);
    expect(resolveServiceOptions({ upstream: { url, relayAssets: true } }).upstream!.relayAssets).toEqual({
      maxAssetBytes: 67108864,
      maxCacheBytes: 134217728,
      timeoutMs: 30000,
      allowPrivateAddresses: false,
      allowedHosts: undefined,
    });
    expect(() => resolveServiceOptions({ upstream: { url, relayAssets: { maxAssetBytes: 0 } } })).toThrow(
      "upstream.relayAssets.maxAssetBytes must be a positive integer, got 0",
    );
    expect(() => resolveServiceOptions({ upstream: { url, relayAssets: "yes" as never } })).toThrow(
      'upstream.relayAssets must be a boolean or an object, got "yes"',
    );
    await expect(createLookupService({ upstream: { url, relayAssets: true }, lookupPath: "relay" })).rejects.toThrow(
      'lookupPath must not be "relay" while upstream.relayAssets is on',
    );
  });
});
