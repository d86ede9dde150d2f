#!/usr/bin/env node
// The `menagerie-service` command: a shim over the compiled CLI (`npm run build` writes dist/).
import { run } from "../dist/service/cli.js";

await run(process.argv.slice(2));
