import {
  consistencyProofOf,
  formatCheckpoint,
  leafHash,
  type NoteSigner,
  noteSignerFromSeed,
  rootFromLeaves,
  type SubtreeHash,
  signNote,
  verifierKey,
} from "../../../src/tlog/index.js";

export const seed = (n: number) => new Uint8Array(32).fill(n);

/** A toy log: leaf hashes in memory, checkpoints signed by a fixed key. */
export class ToyLog {
  readonly leaves: Uint8Array[] = [];
  constructor(
    readonly signer: NoteSigner,
    private readonly tag = "main",
  ) {}

  static create(origin: string, keySeed = 1, tag = "main"): ToyLog {
    return new ToyLog(noteSignerFromSeed(origin, seed(keySeed)), tag);
  }

  get vkey(): string {
    return verifierKey(this.signer.name, this.signer.publicKey);
  }

  grow(n: number, from = this.leaves.length): this {
    for (let i = 0; i < n; i++) this.leaves.push(leafHash(Buffer.from(`${this.tag}-${from + i}`)));
    return this;
  }

  root(size: number): Uint8Array {
    return rootFromLeaves(this.leaves.slice(0, size));
  }

  text(size = this.leaves.length): string {
    return formatCheckpoint({ origin: this.signer.name, size, rootHash: this.root(size) });
  }

  checkpoint(size = this.leaves.length): string {
    return signNote(this.text(size), this.signer);
  }

  proof(oldSize: number, size = this.leaves.length): Uint8Array[] {
    const subtree: SubtreeHash = (level, index) =>
      rootFromLeaves(this.leaves.slice(index * 2 ** level, (index + 1) * 2 ** level));
    return consistencyProofOf(oldSize, size, subtree);
  }
}

/**
 * Answers a monitoring API GET (`…/<origin hash>/checkpoint`) from an in-process witness the way
 * the HTTP layer does; null for any other request (then the caller handles add-checkpoint).
 */
export async function monitoringReply(
  witness: { monitoringCheckpoint(hash: string): Promise<string | null> },
  url: string,
  init: { method: string },
): Promise<{
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
} | null> {
  if (init.method !== "GET") return null;
  const hash = /\/([0-9a-f]{64})\/checkpoint$/.exec(url)?.[1];
  const note = hash ? await witness.monitoringCheckpoint(hash) : null;
  return {
    status: note === null ? 404 : 200,
    headers: { get: () => "text/plain; charset=utf-8" },
    text: async () => note ?? "not found\n",
  };
}
