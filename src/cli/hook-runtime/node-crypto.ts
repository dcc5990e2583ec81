/**
 * node:crypto, loaded on first use. It costs ~2.4 ms CPU to load (it brings Node's streams), and
 * the package's bin must not pay that on the resident client's path (docs/decisions/
 * hook-resident.md); esbuild turns a static import into a load when the bin starts.
 */
import { createRequire } from "node:module";

let loaded: typeof import("node:crypto") | undefined;

export function nodeCrypto(): typeof import("node:crypto") {
  // Any absolute path serves as the base: a builtin resolves the same from anywhere.
  loaded ??= createRequire(process.execPath)("node:crypto") as typeof import("node:crypto");
  return loaded;
}
