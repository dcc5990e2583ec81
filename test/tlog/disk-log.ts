import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { NoteSigner, TlogWriter } from "../../src/tlog/index.js";

/** Writes what an append returned under `root` (and deletes the superseded partials), as one commit would. */
export async function writeChanges(
  root: string,
  changes: Map<string, Uint8Array> & { removed: string[] },
): Promise<void> {
  for (const path of changes.removed) await rm(join(root, path), { force: true });
  for (const [path, bytes] of changes) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), bytes);
  }
}

export function diskReader(root: string) {
  return async (path: string) => {
    try {
      return new Uint8Array(await readFile(join(root, path)));
    } catch {
      return null;
    }
  };
}

export async function appendToDisk(
  root: string,
  writer: TlogWriter,
  entries: Uint8Array[],
  signer: NoteSigner,
) {
  await writeChanges(root, writer.append(entries, signer));
}
