/** Vite's `?url` imports: the URL the dev server serves the file at. */
declare module "*.wasm?url" {
  const url: string;
  export default url;
}
