/**
 * The load generator of the service benchmark, run as a child process (fork) so that it does
 * not share a CPU event loop with the server it measures. Answers each `LoadJob` message with
 * a `LoadResult` and exits when its parent disconnects.
 */
import autocannon from "autocannon";

export interface LoadJob {
  url: string;
  paths: string[];
  seconds: number;
  connections: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  completed: number;
  /** Answers other than 2xx, plus errors and timeouts: must be 0 for the figures to count. */
  failures: number;
}

export function runLoad(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: job.url,
        connections: job.connections,
        duration: job.seconds,
        timeout: 30,
        requests: job.paths.map((path) => ({ method: "GET" as const, path })),
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          // Over the window autocannon really ran (it waits for nothing in flight at the end).
          requestsPerSecond: result.requests.total / (result.duration || job.seconds),
          p50: result.latency.p50,
          p99: result.latency.p99,
          completed: result.requests.total,
          failures: result.non2xx + result.errors + result.timeouts,
        });
      },
    );
  });
}

if (process.send) {
  process.on("message", (job: LoadJob) => {
    runLoad(job).then(
      (result) => process.send!({ result }),
      (error: unknown) => process.send!({ error: String(error) }),
    );
  });
  process.on("disconnect", () => process.exit(0));
}
