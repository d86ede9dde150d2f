/**
 * Finding 3 of issue #29: a signing key under 32 bytes is refused at start (it was
 * brute-forced from one relay link in a second), unless explicitly allowed for tests.
 */
import { describe, expect, it } from "vitest";
import { main } from "../../../src/service/cli.js";
import { MIN_SIGNING_KEY_BYTES } from "../../../src/service/index.js";
import { rejection } from "../../helpers/rejection.js";
import { startTestService } from "../../helpers/serviceServer.js";

const WEAK = "zqxw";

describe("the signing key's strength", () => {
  it("refuses a key under 32 bytes, naming the option and its length, never the key", async () => {
    expect(MIN_SIGNING_KEY_BYTES).toBe(32);
    for (const signingKey of [WEAK, "x".repeat(31), new Uint8Array(16)]) {
      const error = await rejection(startTestService({ signingKey }));
      expect(error).toMatchObject({ name: "OptionsError", option: "signingKey" });
      expect((error as Error).message).toMatch(/^signingKey must be at least 32 bytes, got (4|31|16) /);
      expect((error as Error).message).not.toContain(WEAK);
    }
  });

  it("serves with a 32-byte key, or a weak one explicitly allowed", async () => {
    for (const options of [{ signingKey: "y".repeat(32) }, { signingKey: WEAK, allowWeakSigningKey: true }]) {
      const service = await startTestService(options);
      try {
        expect((await fetch(`${service.url}/anything?key=dev-key&name=fox`)).status).toBe(200);
      } finally {
        await service.close();
      }
    }
  });

  it("is refused by the CLI unless --insecure-signing-key", async () => {
    const env = { MENAGERIE_SIGNING_KEY: WEAK, MENAGERIE_API_KEYS: "" };
    const catalog = await startTestService(); // a catalog folder to serve
    try {
      const argv = ["--port", "0", "--catalog", catalog.catalog!.dir];
      const error = await rejection(main(argv, { env, log: () => undefined }));
      expect((error as Error).message).toMatch(/^signingKey must be at least 32 bytes, got 4 /);
      const server = (await main([...argv, "--insecure-signing-key"], { env, log: () => undefined }))!;
      try {
        expect((await fetch(`${server.url}/anything?key=dev-key&name=fox`)).status).toBe(200);
      } finally {
        await server.close();
      }
    } finally {
      await catalog.close();
    }
  });
});
