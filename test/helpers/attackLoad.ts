/**
 * The attacks the soak runs alongside its legitimate load (test/helpers/faultLoad.ts): a
 * slowloris client on 127.0.0.2 (connections that trickle headers and never finish, reopened
 * as they end) and a key guesser on 127.0.0.3 (wrong keys as fast as it gets answers, Retry-After
 * ignored). The legitimate clients stay on 127.0.0.1, so per-address limits tell them apart.
 */
import { Agent, request } from "node:http";
import { openSlowClients } from "./slowClients.js";

export interface AttackOptions {
  /** Slow connections to keep trying to hold (0: none). */
  slowloris: number;
  /** Parallel key guessers (0: none). */
  guessers: number;
}

export interface AttackFigures {
  slowloris: { opened: number; refused: number; timedOut: number; openAtEnd: number };
  guessing: { requests: number; status403: number; status429: number; other: number; errors: number };
}

/** Starts the attacks on `url` (`http://127.0.0.1:<port>`); `stop()` ends them and counts. */
export function startAttacks(url: string, options: AttackOptions): { stop(): Promise<AttackFigures> } {
  const port = Number(new URL(url).port);
  const slow =
    options.slowloris > 0
      ? openSlowClients({ port, count: options.slowloris, lineEveryMs: 2000, reconnect: true, retryRefusedMs: 1000 })
      : undefined;
  const guessing = { requests: 0, status403: 0, status429: 0, other: 0, errors: 0 };
  const agent = new Agent({ keepAlive: true, maxSockets: Math.max(1, options.guessers) });
  let stopped = false;
  let n = 0;
  const guess = () =>
    new Promise<void>((resolve) => {
      const path = `/anything?key=guess-${process.pid}-${n++}&name=fox`;
      const req = request(`${url}${path}`, { agent, localAddress: "127.0.0.3" }, (res) => {
        res.resume();
        res.on("end", () => {
          guessing.requests++;
          if (res.statusCode === 403) guessing.status403++;
          else if (res.statusCode === 429) guessing.status429++;
          else guessing.other++;
          resolve();
        });
      });
      req.on("error", () => {
        guessing.errors++;
        resolve();
      });
      req.end();
    });
  const guessers = Array.from({ length: options.guessers }, async () => {
    while (!stopped) await guess();
  });

  return {
    stop: async () => {
      stopped = true;
      // Counted before our own closing, which would count as refusals.
      const slowloris = {
        opened: slow?.opened ?? 0,
        refused: slow?.refused ?? 0,
        timedOut: slow?.answered ?? 0,
        openAtEnd: slow?.open ?? 0,
      };
      await Promise.all(guessers);
      agent.destroy();
      await slow?.stop();
      return { slowloris, guessing };
    },
  };
}
