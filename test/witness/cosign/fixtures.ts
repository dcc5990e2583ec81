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
