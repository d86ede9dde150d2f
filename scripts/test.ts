/**
 * The test run of `npm test`, after provisioning and lint: the Node tests and the Chromium tests
 * as two Vitest runs side by side, with the type check beside them (the Node lane: the `node`,
 * `node-isolated` and `browser-node-lane` projects of vite.config.ts; the Chromium lane: the
 * `browser` project; one file at a time each, on this project's two-core machines), then the
 * `quiet` project alone (a test that measures a page's main-thread tasks). Every run goes to its
 * end, so one failure does not hide another; the exit code is non-zero when any run failed.
 * Arguments are passed to every Vitest run (e.g. `npm test -- test/motion`, where a lane that
 * matches no file passes).
 *
 * concurrently runs the two lanes (prefixed output, each lane's exit code kept); Vitest's own
 * projects cannot: a run gives all projects of one `sequence.groupOrder` one shared worker count,
 * so two Chromium suites could start together and starve each other.
 */
import concurrently from "concurrently";

// With file filters a lane may match no file: that is no failure then (a full run matches some in each).
const args = process.argv.slice(2);
const extra = args.length > 0 ? `${args.join(" ")} --passWithNoTests` : "";
const vitest = (...projects: string[]) =>
  `vitest run ${projects.map((p) => `--project ${p}`).join(" ")} ${extra}`.trim();

/** `nice` where there is one (Linux, macOS): the Chromium lane yields to the Node lane. */
const NICE = process.platform === "win32" ? "" : "nice -n 10 ";

async function lanes(): Promise<boolean> {
  const { result } = concurrently(
    [
      { command: vitest("node", "node-isolated", "browser-node-lane"), name: "node" },
      // At a lower priority: Chromium's many threads (SwiftShader draws on every core) would
      // otherwise take most of both cores from the Node lane's one worker thread, which then ran
      // on for a minute alone at the end with a core idle. Niced, the Chromium lane takes what
      // the Node lane leaves, and both end about together.
      { command: `${NICE}${vitest("browser")}`, name: "browser" },
      // Type checking (about 20 s) beside the lanes' start-up, not before it.
      { command: "tsc -p tsconfig.json --noEmit", name: "types" },
    ],
    { prefix: "name", prefixColors: ["cyan", "magenta"], successCondition: "all" },
  );
  return result.then(
    () => true,
    () => false,
  );
}

async function quiet(): Promise<boolean> {
  const { result } = concurrently([{ command: vitest("quiet"), name: "quiet" }], { prefix: "name" });
  return result.then(
    () => true,
    () => false,
  );
}

const started = Date.now();
const lanesPassed = await lanes();
const quietPassed = await quiet();
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(
  `tests: types, node and browser lanes ${lanesPassed ? "passed" : "FAILED"}, quiet ${quietPassed ? "passed" : "FAILED"} (${minutes} min)`,
);
process.exit(lanesPassed && quietPassed ? 0 : 1);
