/**
 * A minimal git object database on the real file system: loose objects written durably
 * (durable `writeFileAtomic`: every byte, fsync, rename, directory fsync; a failed write leaves
 * no temporary file behind, so `git fsck` stays clean after a full disk) and read back through isomorphic-git (which also
 * understands packs, so clones made by stock git read fine). Trees and commits are serialized
 * here byte for byte, because the commit bytes are what the SSH signature covers.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { deflateSync } from "node:zlib";
import { fsyncDir, writeFileAtomic } from "../../durable/index.js";
import { hasCode, TrailsealError } from "../../errors/index.js";

export type ObjectType = "blob" | "tree" | "commit";

export interface GitObject {
  type: string;
  content: Buffer;
}

export function hashObject(type: ObjectType, content: Uint8Array): string {
  return createHash("sha1").update(`${type} ${content.length}\0`).update(content).digest("hex");
}

type IsoGit = typeof import("isomorphic-git");
let isoGit: Promise<IsoGit> | undefined;
/** isomorphic-git is heavy: loaded only when a log is actually read. */
export function loadIsoGit(): Promise<IsoGit> {
  isoGit ??= import("isomorphic-git").then((mod) => ((mod as { default?: IsoGit }).default ?? mod) as IsoGit);
  return isoGit;
}

export class ObjectStore {
  private readonly cache = {};
  private readonly pending = new Map<string, GitObject>();
  constructor(
    readonly gitdir: string,
    private readonly durable = true,
  ) {}

  async read(oid: string): Promise<GitObject> {
    const staged = this.pending.get(oid);
    if (staged) return staged;
    const git = await loadIsoGit();
    try {
      const result = await git.readObject({
        fs,
        gitdir: this.gitdir,
        oid,
        format: "content",
        cache: this.cache,
      });
      return { type: result.type, content: Buffer.from(result.object as Uint8Array) };
    } catch (cause) {
      throw new TrailsealError("GITLOG_OBJECT_MISSING", `git object ${oid} cannot be read`, { cause });
    }
  }

  async readTyped(oid: string, type: ObjectType): Promise<Buffer> {
    const object = await this.read(oid);
    if (object.type !== type) {
      throw new TrailsealError(
        "GITLOG_OBJECT_TYPE",
        `git object ${oid} is a ${object.type}, expected ${type}`,
      );
    }
    return object.content;
  }

  /**
   * Stages a loose object (no-op when it exists) and returns its oid. Nothing touches the disk
   * until `flush()`, which writes every staged object in parallel (temp file, fsync, rename), so
   * one commit costs one round of concurrent fsyncs instead of one fsync after another.
   */
  async write(type: ObjectType, content: Uint8Array): Promise<string> {
    const oid = hashObject(type, content);
    if (this.pending.has(oid) || fs.existsSync(this.objectPath(oid))) return oid;
    this.pending.set(oid, { type, content: Buffer.from(content) });
    return oid;
  }

  private objectPath(oid: string): string {
    return join(this.gitdir, "objects", oid.slice(0, 2), oid.slice(2));
  }

  /**
   * Writes every staged object durably (files and their directories fsync'd). On failure some
   * objects may be on disk — whole, valid and unreferenced, which git tolerates — but never a
   * partial object or a temporary file.
   */
  async flush(): Promise<void> {
    const staged = [...this.pending];
    let madeDir = false;
    await Promise.all(
      staged.map(async ([oid, object]) => {
        const path = this.objectPath(oid);
        const dir = dirname(path);
        const header = Buffer.from(`${object.type} ${object.content.length}\0`);
        const data = deflateSync(Buffer.concat([header, object.content]), { level: 1 });
        // A pack run beside us (prune-packed) removes fan-out directories it left empty, maybe
        // between our mkdir and our file landing in it: make it again and retry, as git does.
        for (let attempt = 1; ; attempt++) {
          try {
            madeDir = (await mkdir(dir, { recursive: true })) !== undefined || madeDir;
            if (this.durable) await writeFileAtomic(path, data, { mode: 0o444 });
            else await fs.promises.writeFile(path, data);
            break;
          } catch (error) {
            const gone = hasCode(error, "ENOENT") || hasCode((error as Error).cause, "ENOENT");
            if (!gone || attempt >= 5) throw error;
          }
        }
      }),
    );
    for (const [oid] of staged) this.pending.delete(oid);
    if (madeDir && this.durable) await fsyncDir(join(this.gitdir, "objects"));
  }

  /** Forgets staged objects that were never flushed (after a failed commit). */
  discard(): void {
    this.pending.clear();
  }
}

export interface TreeEntry {
  mode: string; // "100644" | "40000"
  name: string;
  oid: string;
}

export const TREE_MODE = "40000";
export const BLOB_MODE = "100644";

/** Git's tree order: byte order of names, a tree's name compared as if it ended in "/". */
function treeSortKey(entry: TreeEntry): string {
  return entry.mode === TREE_MODE ? `${entry.name}/` : entry.name;
}

export function serializeTree(entries: readonly TreeEntry[]): Buffer {
  const sorted = [...entries].sort((a, b) => {
    const ka = Buffer.from(treeSortKey(a));
    const kb = Buffer.from(treeSortKey(b));
    return Buffer.compare(ka, kb);
  });
  return Buffer.concat(
    sorted.flatMap((entry) => [Buffer.from(`${entry.mode} ${entry.name}\0`), Buffer.from(entry.oid, "hex")]),
  );
}

export function parseTree(content: Buffer): TreeEntry[] {
  const entries: TreeEntry[] = [];
  let offset = 0;
  while (offset < content.length) {
    const space = content.indexOf(0x20, offset);
    const nul = content.indexOf(0, space);
    if (space < 0 || nul < 0 || nul + 21 > content.length) {
      throw new TrailsealError("GITLOG_OBJECT_CORRUPT", "malformed tree object");
    }
    entries.push({
      mode: content.subarray(offset, space).toString(),
      name: content.subarray(space + 1, nul).toString(),
      oid: content.subarray(nul + 1, nul + 21).toString("hex"),
    });
    offset = nul + 21;
  }
  return entries;
}
