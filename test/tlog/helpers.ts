import { rootFromLeaves, type SubtreeHash } from "../../src/tlog/index.js";

export const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
export const unhex = (text: string) => new Uint8Array(Buffer.from(text, "hex"));
export const utf8 = (text: string) => new Uint8Array(Buffer.from(text, "utf8"));

/** Complete subtree hashes straight from a list of leaf hashes (the slow, obvious way). */
export function subtreeOf(leaves: readonly Uint8Array[]): SubtreeHash {
  return (level, index) => rootFromLeaves(leaves.slice(index * 2 ** level, (index + 1) * 2 ** level));
}

/** Runs fn and returns the `code` of what it threw (or "no error"). */
export function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return (error as { code?: string }).code ?? `uncoded: ${String(error)}`;
  }
  return "no error";
}

export async function asyncCodeOf(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
  } catch (error) {
    return (error as { code?: string }).code ?? `uncoded: ${String(error)}`;
  }
  return "no error";
}

/** An in-memory log directory: the writer's changes applied to a Map. */
export class MemoryLog {
  readonly files = new Map<string, Uint8Array>();
  read = async (path: string) => this.files.get(path) ?? null;
  apply(changes: Map<string, Uint8Array> & { removed: string[] }): void {
    for (const path of changes.removed) this.files.delete(path);
    for (const [path, bytes] of changes) this.files.set(path, bytes);
  }
}
