import { readFileSync } from "node:fs";
import { join } from "node:path";
import { nodeCrypto } from "./node-crypto.js";
import { RESIDENT_FILES } from "./resident-protocol.js";

/** The build's digest of the files a resident server runs (scripts/build.mjs writes the same into the bin). */
export function residentDigest(dir: string): string {
  const hash = nodeCrypto().createHash("sha256");
  for (const name of RESIDENT_FILES) {
    const file = nodeCrypto()
      .createHash("sha256")
      .update(readFileSync(join(dir, name)))
      .digest("hex");
    hash.update(`${name}\n${file}\n`);
  }
  return hash.digest("hex");
}
