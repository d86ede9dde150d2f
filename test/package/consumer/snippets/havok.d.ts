/**
 * The optional Havok peer is not installed in the consumer project (the library must work
 * without it), so the physics snippet sees this stand-in of its default export: a function that
 * loads the WebAssembly module `HavokPlugin` takes.
 */
declare module "@babylonjs/havok" {
  export default function HavokPhysics(): Promise<object>;
}
