/**
 * `menagerie-service`: the reference lookup service on a port.
 *
 * ```
 * menagerie-service [--port 8787] [--host 127.0.0.1] [--public-url URL] [--trust-proxy-headers]
 *                   [--catalog DIR] [--keys FILE] [--upstream URL --upstream-key K [--relay-assets
 *                   [--relay-hosts LIST] [--relay-allow-private]]]
 *                   [--link-lifetime SECONDS] [--faults SPEC [--fault-seed N]] [--workers N] [--redis URL]
 * ```
 *
 * `--faults` (or `MENAGERIE_FAULTS`, seed `MENAGERIE_FAULT_SEED`) turns on fault mode for
 * reliability tests (see `faults/faultRules.ts`); it is off unless one of them is given.
 *
 * Keys: `--keys FILE`, else `MENAGERIE_API_KEYS` (comma-separated), else the dev key `dev-key`.
 * The signing secret comes from `MENAGERIE_SIGNING_KEY` (random per start otherwise); the
 * upstream key may come from `MENAGERIE_UPSTREAM_KEY`, which keeps it out of `ps` listings.
 */
import { realpathSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { OptionsError } from "../core/errors.js";
import { redactText } from "../core/redact.js";
import { loadApiKeys } from "./apiKeys.js";
import { ensureDefaultCatalog } from "./defaultCatalog.js";
import { faultsFromEnv } from "./faults/faultsFromEnv.js";
import { parseFaultSpec } from "./faults/parseFaultSpec.js";
import { LOOKUP_SERVER_DEFAULTS, type LookupServer, startLookupServer } from "./lookupServer.js";
import { isServiceWorker, reportListening, startServiceCluster, workersArgument } from "./serviceCluster.js";

export const CLI_USAGE = `Usage: menagerie-service [options]

  --port N              port to listen on, 0 for any free port (default ${LOOKUP_SERVER_DEFAULTS.port})
  --host ADDRESS        interface to listen on (default ${LOOKUP_SERVER_DEFAULTS.hostname})
  --public-url URL      origin of signed asset links, as clients reach the service
                        (default: the address it listens on; never the Host header)
  --trust-proxy-headers build links from X-Forwarded-Host/-Proto (only behind your own proxy)
  --catalog DIR         catalog folder to serve (default: the generated default catalog)
  --keys FILE           API keys, one per line (default: MENAGERIE_API_KEYS, else "dev-key")
  --upstream URL        proxy mode: forward lookups to this service
  --upstream-key KEY    the key sent upstream (or MENAGERIE_UPSTREAM_KEY)
  --relay-assets        proxy mode: serve asset files through this service (/relay/), with
                        CORS, for asset hosts a browser page may not read; set
                        MENAGERIE_SIGNING_KEY to keep relay links valid across restarts
  --relay-hosts LIST    the relay fetches only from these hosts (comma-separated;
                        *.example.com for subdomains)
  --relay-allow-private the relay may fetch from loopback and private addresses
                        (tests, an asset host on your own network)
  --insecure-signing-key accept a MENAGERIE_SIGNING_KEY under 32 bytes (tests only)
  --link-lifetime S     life of signed asset links in seconds (default 3600)
  --faults SPEC         fault mode for tests, e.g. "lookup:status=503,first=2;texture:slow=100"
                        (or MENAGERIE_FAULTS; off by default)
  --fault-seed N        seed of fault rates and corrupt bytes (or MENAGERIE_FAULT_SEED; default 1)
  --workers N           N processes on one port (node:cluster), one signing secret (default 1)
  --redis URL           share rate limits and the proxy cache through Redis (redis://host:port)
  -h, --help            show this help
`;

/** What {@link main} needs from its surroundings (tests replace them). */
export interface CliContext {
  env?: Record<string, string | undefined>;
  /** Where the start-up lines go. @default console.log */
  log?: (line: string) => void;
}

function integer(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw new OptionsError(`--${name}`, `must be a non-negative integer, got "${raw}"`);
  return Number(raw);
}

/**
 * Runs the CLI: parses `argv` (without `node` and the script), starts the server, prints where
 * it listens and which keys are active, and returns it (`undefined` after `--help`). Throws on
 * bad arguments with a message naming the argument.
 */
export async function main(argv: readonly string[], context: CliContext = {}): Promise<LookupServer | undefined> {
  const env = context.env ?? process.env;
  const log = context.log ?? ((line: string) => console.log(line));
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: "string" },
      host: { type: "string" },
      "public-url": { type: "string" },
      "trust-proxy-headers": { type: "boolean" },
      catalog: { type: "string" },
      keys: { type: "string" },
      upstream: { type: "string" },
      "upstream-key": { type: "string" },
      "relay-assets": { type: "boolean" },
      "relay-hosts": { type: "string" },
      "relay-allow-private": { type: "boolean" },
      "link-lifetime": { type: "string" },
      "insecure-signing-key": { type: "boolean" },
      faults: { type: "string" },
      "fault-seed": { type: "string" },
      workers: { type: "string" },
      redis: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    log(CLI_USAGE);
    return undefined;
  }
  const upstreamKey = values["upstream-key"] ?? env["MENAGERIE_UPSTREAM_KEY"];
  if (upstreamKey !== undefined && values.upstream === undefined) {
    throw new OptionsError("--upstream-key", "needs --upstream");
  }
  if (values["relay-assets"] && values.upstream === undefined)
    throw new OptionsError("--relay-assets", "needs --upstream");
  for (const flag of ["relay-hosts", "relay-allow-private"] as const)
    if (values[flag] !== undefined && !values["relay-assets"])
      throw new OptionsError(`--${flag}`, "needs --relay-assets");
  const relayAssets = values["relay-assets"]
    ? {
        ...(values["relay-hosts"] !== undefined
          ? { allowedHosts: values["relay-hosts"].split(",").map((h) => h.trim().toLowerCase()) }
          : {}),
        allowPrivateAddresses: values["relay-allow-private"] ?? false,
      }
    : undefined;
  if (values.upstream !== undefined && values.catalog !== undefined) {
    throw new OptionsError("--catalog", "and --upstream exclude each other: a proxy serves no catalog");
  }
  if (values.catalog !== undefined && values.catalog.trim() === "")
    throw new OptionsError("--catalog", "must be a folder path");
  // Every argument is checked before any file is read or a catalog generated.
  const port = integer("port", values.port) ?? LOOKUP_SERVER_DEFAULTS.port;
  const linkLifetimeSeconds = integer("link-lifetime", values["link-lifetime"]);
  const faultSeed = integer("fault-seed", values["fault-seed"]);
  // Checked here too; the processes themselves are forked by run() (serviceCluster.ts).
  workersArgument(values.workers === undefined ? [] : ["--workers", values.workers]);
  if (faultSeed !== undefined && values.faults === undefined) throw new OptionsError("--fault-seed", "needs --faults");
  const faults = values.faults !== undefined ? parseFaultSpec(values.faults, faultSeed) : faultsFromEnv(env);
  const keys = await loadApiKeys({ keysFile: values.keys, env });
  const catalogDir = values.upstream ? undefined : (values.catalog ?? (await ensureDefaultCatalog({ log })));
  const server = await startLookupServer({
    port,
    hostname: values.host ?? LOOKUP_SERVER_DEFAULTS.hostname,
    catalogDir,
    apiKeys: keys.keys,
    upstream: values.upstream
      ? { url: values.upstream, key: upstreamKey, ...(relayAssets ? { relayAssets } : {}) }
      : undefined,
    linkLifetimeSeconds,
    publicUrl: values["public-url"],
    trustProxyHeaders: values["trust-proxy-headers"],
    ...(faults ? { faults } : {}),
    signingKey: env["MENAGERIE_SIGNING_KEY"] || undefined,
    ...(values["insecure-signing-key"] ? { allowWeakSigningKey: true } : {}),
    ...(values.redis !== undefined ? { redis: values.redis } : {}),
    log: (line) => log(redactText(line, [...keys.keys, upstreamKey])),
  });
  const { service } = server;
  const what =
    service.mode === "proxy" ? `proxy to ${values.upstream}` : `${service.recordCount} records from ${catalogDir}`;
  log(`Menagerie reference service listening on ${server.url}/${service.options.lookupPath} (${what})`);
  // The dev key is public and printed so a first run needs no reading; real keys never are.
  if (keys.origin === "dev")
    log(`API key: ${keys.keys[0]} (dev key; set MENAGERIE_API_KEYS or --keys FILE to change it)`);
  else log(`API keys: ${keys.keys.length} from ${keys.origin === "env" ? "MENAGERIE_API_KEYS" : values.keys}`);
  if (faults)
    log(`FAULT MODE: ${faults.rules.length} fault rule(s) active (seed ${faults.seed ?? 1}); not for production.`);
  if (service.options.allowAnonymous) log("Requests without a key are accepted (proxy mode).");
  if (values["relay-assets"]) {
    const lasting = env["MENAGERIE_SIGNING_KEY"]
      ? "they outlive a restart (MENAGERIE_SIGNING_KEY)"
      : "they end with this process (set MENAGERIE_SIGNING_KEY to keep them across restarts)";
    log(`Asset relay on: asset links point at ${service.options.publicUrl ?? server.url}/relay/; ${lasting}.`);
  }
  log(
    `Example: ${server.url}/${service.options.lookupPath}?key=${keys.origin === "dev" ? keys.keys[0] : "<key>"}&search=forest`,
  );
  return server;
}

/** Runs {@link main} for a process: errors print without a stack, signals close the server. */
export async function run(argv: readonly string[]): Promise<void> {
  try {
    const workers = workersArgument(argv);
    const help = argv.includes("--help") || argv.includes("-h");
    if (workers > 1 && !isServiceWorker() && !help) return await runCluster(argv, workers);
    // In a cluster, one worker prints the start-up lines; every worker prints what goes wrong later.
    const quiet = isServiceWorker() && process.env["MENAGERIE_WORKER_INDEX"] !== "0";
    let started = false;
    const server = await main(argv, { log: (line) => (started || !quiet) && console.log(line) });
    started = true;
    if (!server) return;
    const stop = () => void server.close().then(() => process.exit(0));
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    if (isServiceWorker()) {
      // A worker whose primary is gone has no one to serve for.
      process.once("disconnect", stop);
      reportListening(server.url);
    }
  } catch (error) {
    const secrets = [
      process.env["MENAGERIE_UPSTREAM_KEY"],
      process.env["MENAGERIE_SIGNING_KEY"],
      ...(process.env["MENAGERIE_API_KEYS"] ?? "").split(","),
    ];
    console.error(`menagerie-service: ${redactText(error instanceof Error ? error.message : String(error), secrets)}`);
    if (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS"))
      console.error(CLI_USAGE);
    process.exitCode = 1;
  }
}

/** The primary of `--workers N`: resolves the default catalog once, forks, stops the workers on a signal. */
async function runCluster(argv: readonly string[], workers: number): Promise<void> {
  const log = (line: string) => console.log(line);
  const needsCatalog = !argv.some((a) => /^--(catalog|upstream)(=|$)/.test(a));
  const args = needsCatalog ? [...argv, "--catalog", await ensureDefaultCatalog({ log })] : argv;
  const cluster = await startServiceCluster(args, { workers, env: process.env, log });
  const stop = () => void cluster.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false;
  }
}

// Run only as `tsx src/service/cli.ts` or `node dist/service/cli.js`; importing does nothing.
if (isEntryPoint()) void run(process.argv.slice(2));
