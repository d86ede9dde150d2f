#!/usr/bin/env node
// The `menagerie-service` command: a shim over the compiled CLI (`npm run build` writes dist/).
// The service's npm packages are optional peer dependencies; when one is missing, the command
// says which and how to install them, instead of Node's bare "Cannot find package".
import { importServicePart } from "../dist/service/servicePackages.js";

try {
  const { run } = await importServicePart(() => import("../dist/service/cli.js"));
  await run(process.argv.slice(2));
} catch (error) {
  console.error(`menagerie-service: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
