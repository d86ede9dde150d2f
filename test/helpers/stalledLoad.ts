/**
 * The stalled phase of `npm run soak`: readers who stop reading, against services in their own
 * processes (faultLoad.ts's `startChild`), with probe loops doing name lookups from 127.0.0.1
 * the whole time.
 *
 * - Pages: after a warm-up wave, every `waveSeconds`, each of `addresses` loopback addresses (127.0.0.2…) opens
 *   `perAddress` connections that pipeline requests for a 2.4 MB search page and never read.
 *   The service keeps the production defaults of the stalled-reader limits, with its slots
 *   scaled to the attack (`maxConnectionsPerAddress` = `perAddress`, `maxConnections` = all the
 *   attackers' plus 32): without those limits one wave holds every attacker slot for ever.
 * - Relay: a relaying proxy in front of an asset host serving one 8 MiB PNG; `relayReaders`
 *   connections ask for it (cached) and stop reading after the head. The proxy's RSS growth
 *   tells the copies made; a reader past `maxBytesInFlight` is answered 503.
 */
import { ensureSyntheticCatalog } from "../../bench/syntheticCatalog.js";
import { STALLED_READER_DEFAULTS } from "../../src/service/lookupServer.js";
import { startCdnUpstream } from "./cdnUpstream.js";
import { type ServiceProcess, type Stats, startChild } from "./faultLoad.js";
import { getAndStall, openStalledReaders, type StalledAnswer, type StalledReaders } from "./stalledReaders.js";

export interface StalledOptions {
  /** The generated catalog (source of the synthetic one). */
  catalogDir: string;
  durationSeconds: number;
  /** @default 4 */
  addresses?: number;
  /** Stalled connections each address opens per wave. @default 32 */
  perAddress?: number;
  /** @default 10 */
  waveSeconds?: number;
  /** @default 48 */
  relayReaders?: number;
  log?: (line: string) => void;
}

export interface StalledFigures {
  waves: number;
  opened: number;
  /** Most connections the pages service held at once, and at the end (attackers still connected). */
  maxHeld: number;
  heldAtEnd: number;
  closedStalled: number;
  refused: number;
  lookups: number;
  lookupFailures: number;
  rssStart: number;
  rssEnd: number;
  rssDrift: number;
  relayReaders: number;
  relayServed: number;
  relayBusy: number;
  relayRssStart: number;
  relayRssHeld: number;
  /** Growth of the proxy's RSS while the readers held their answers, in copies of the file. */
  relayCopies: number;
}

const PAGE = "/anything?key=dev-key&search=mammals&maxResultNum=-1";
const ASSET_BYTES = 8 * 1024 * 1024;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Name lookups from 127.0.0.1 in a loop until stopped; counts answered and failed. */
function probe(url: string) {
  const counts = { ok: 0, failed: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        const res = await fetch(`${url}/anything?key=dev-key&name=fox`, { signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer();
        if (res.status === 200) counts.ok++;
        else counts.failed++;
      } catch {
        counts.failed++;
      }
      await pause(50);
    }
  })();
  return {
    counts,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

async function pagesPart(o: StalledOptions, f: StalledFigures): Promise<void> {
  const addresses = o.addresses ?? 4;
  const perAddress = o.perAddress ?? 32;
  const dir = await ensureSyntheticCatalog(o.catalogDir, 3000);
  const target = await startChild(dir, 0, {
    maxConnectionsPerAddress: perAddress,
    maxConnections: addresses * perAddress + 32,
  });
  const readers: StalledReaders[] = [];
  try {
    // A warm-up wave, dropped before the start is measured: the heap and the allocator grow
    // to what pages to stalled sockets need once, and RSS is compared from there.
    const wave = () => {
      for (let a = 0; a < addresses; a++) {
        const localAddress = `127.0.0.${2 + a}`;
        readers.push(openStalledReaders({ port: portOf(target), count: perAddress, path: PAGE, localAddress }));
      }
    };
    wave();
    await pause(STALLED_READER_DEFAULTS.writeTimeout + 3000);
    await Promise.all(readers.splice(0).map((r) => r.stop()));
    const start = await target.stats();
    const lookups = probe(target.url);
    const samples: Stats[] = [];
    const started = Date.now();
    while (Date.now() - started < o.durationSeconds * 1000) {
      f.waves++;
      wave();
      f.opened += addresses * perAddress;
      const waveEnd = Math.min(started + o.durationSeconds * 1000, Date.now() + (o.waveSeconds ?? 10) * 1000);
      while (Date.now() < waveEnd) {
        await pause(Math.min(2000, Math.max(0, waveEnd - Date.now())));
        samples.push(await target.stats());
      }
    }
    await lookups.stop();
    // The last wave's readers are dropped by writeTimeout at the latest (the probes' idle
    // connection by the keep-alive timeout).
    await pause(STALLED_READER_DEFAULTS.writeTimeout + 3000);
    const end = await target.stats();
    o.log?.(`stalled pages: ${f.waves} waves of ${addresses} x ${perAddress} stalled connections`);
    Object.assign(f, {
      maxHeld: Math.max(...samples.map((s) => s.maxConnections), end.maxConnections),
      heldAtEnd: end.connections,
      // The warm-up wave's are left out.
      closedStalled: (end.closedStalledConnections ?? 0) - (start.closedStalledConnections ?? 0),
      refused: end.refusedConnections - start.refusedConnections,
      lookups: lookups.counts.ok,
      lookupFailures: lookups.counts.failed,
      rssStart: start.rss,
      rssEnd: end.rss,
      rssDrift: (end.rss - start.rss) / start.rss,
    });
  } finally {
    await Promise.all(readers.map((r) => r.stop()));
    await target.stop();
  }
}

const portOf = (p: ServiceProcess) => Number(new URL(p.url).port);

async function relayPart(o: StalledOptions, f: StalledFigures): Promise<void> {
  const asset = Buffer.alloc(ASSET_BYTES, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(asset);
  // A key long enough that redacting it from answers never touches a link's signature.
  const key = "soak-upstream-key-5b7e";
  const cdn = await startCdnUpstream({ big: { thumbnails: { "big.png": { body: asset, type: "image/png" } } } }, key);
  const upstream = { url: cdn.url, key, relayAssets: { allowPrivateAddresses: true, maxAssetBytes: 16 << 20 } };
  const proxy = await startChild(undefined, 0, { upstream });
  const held: StalledAnswer[] = [];
  try {
    const [record] = (await (await fetch(`${proxy.url}/anything?key=dev-key&name=big`)).json()) as [
      { thumbnails: Record<string, string> },
    ];
    const path = record.thumbnails["big.png"]!.slice(proxy.url.length);
    await (await fetch(`${proxy.url}${path}`)).arrayBuffer();
    const start = await proxy.stats();
    f.relayReaders = o.relayReaders ?? 48;
    for (let i = 0; i < f.relayReaders; i++) held.push(await getAndStall(portOf(proxy), path, "127.0.0.6"));
    const during = await proxy.stats();
    f.relayServed = held.filter((h) => h.status === 200).length;
    f.relayBusy = held.filter((h) => h.status === 503).length;
    f.relayRssStart = start.rss;
    f.relayRssHeld = during.rss;
    f.relayCopies = (during.rss - start.rss) / ASSET_BYTES;
    o.log?.(`stalled relay: ${f.relayReaders} readers of one cached 8 MiB file`);
  } finally {
    for (const h of held) h.socket.destroy();
    await proxy.stop();
    await cdn.close();
  }
}

/** Runs both parts; see the module comment. */
export async function runStalled(o: StalledOptions): Promise<StalledFigures> {
  const f: StalledFigures = {
    waves: 0,
    opened: 0,
    maxHeld: 0,
    heldAtEnd: 0,
    closedStalled: 0,
    refused: 0,
    lookups: 0,
    lookupFailures: 0,
    rssStart: 0,
    rssEnd: 0,
    rssDrift: 0,
    relayReaders: 0,
    relayServed: 0,
    relayBusy: 0,
    relayRssStart: 0,
    relayRssHeld: 0,
    relayCopies: 0,
  };
  await pagesPart(o, f);
  await relayPart(o, f);
  return f;
}

/**
 * The failures against the pass criteria: every probe lookup answered; every stalled
 * connection closed by the service (none held at the end); RSS within `maxRssDrift`; the relay
 * made less than one copy of the file per eight readers (the old code: one per reader).
 */
export function stalledFailures(f: StalledFigures, maxRssDrift: number): string[] {
  return [
    f.lookupFailures > 0 && `${f.lookupFailures} name lookups failed beside the stalled readers`,
    f.heldAtEnd > 0 && `${f.heldAtEnd} stalled connections still held at the end`,
    f.closedStalled + f.refused < f.opened &&
      `${f.opened - f.closedStalled - f.refused} stalled connections never closed`,
    Math.abs(f.rssDrift) > maxRssDrift && `RSS drifted ${(f.rssDrift * 100).toFixed(1)}% (limit ${maxRssDrift * 100}%)`,
    f.relayCopies > f.relayReaders / 8 && `the relay grew by ${f.relayCopies.toFixed(1)} copies of the file`,
    f.relayServed === 0 && "the relay served no reader",
  ].filter((x): x is string => typeof x === "string");
}

/** The figures as lines. */
export function formatStalled(f: StalledFigures): string {
  const mb = (n: number) => (n / 1048576).toFixed(1);
  return [
    `pages: ${f.waves} waves, ${f.opened} stalled connections opened; held at most ${f.maxHeld} at once, ${f.heldAtEnd} at the end; closed as stalled ${f.closedStalled}, refused ${f.refused}`,
    `pages: ${f.lookups} name lookups answered beside them, ${f.lookupFailures} failed; RSS ${mb(f.rssStart)} -> ${mb(f.rssEnd)} MB (${(f.rssDrift * 100).toFixed(1)}%)`,
    `relay: ${f.relayReaders} unread answers of one cached 8 MiB file: ${f.relayServed} served, ${f.relayBusy} answered 503; RSS ${mb(f.relayRssStart)} -> ${mb(f.relayRssHeld)} MB (${f.relayCopies.toFixed(2)} copies of the file)`,
  ].join("\n");
}
