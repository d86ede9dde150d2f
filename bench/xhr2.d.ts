/** xhr2 ships no types; the benchmark only hands its constructor to globalThis. */
declare module "xhr2" {
  const XMLHttpRequest: unknown;
  export default XMLHttpRequest;
}
