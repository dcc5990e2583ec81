/**
 * A minimal git object database on the real file system: loose objects written durably
 * (temp file, fsync, rename, directory fsync) and read back through isomorphic-git (which also
 * understands packs, so clones made by stock git read fine). Trees and commits are serialized
 * here byte for byte, because the commit bytes are what the SSH signature covers.
 */
import { createHash, randomBytes } from "node:crypto";
import * as fs from "node:fs";
import { mkdir, open, rename, unlink } from "node:fs/promises";
import { dirname, join } from "node:path";
import { deflateSync } from "node:zlib";
import { TrailsealError } from "../../errors/index.js";

export type ObjectType = "blob" | "tree" | "commit";

export interface GitObject {
  type: string;
  content: Buffer;
}

export function hashObject(type: ObjectType, content: Uint8Array): string {
  return createHash("sha1").update(`${type} ${content.length}\0`).update(content).digest("hex");
}

async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes `data` at `path` atomically and durably (the directory entry is fsync'd by the caller or here). */
export async function writeFileDurable(
  path: string,
  data: Uint8Array | string,
  syncDir = true,
): Promise<void> {
  const tmp = `${path}.tmp-${randomBytes(6).toString("hex")}`;
  const handle = await open(tmp, "wx", 0o644);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(tmp, path);
  } catch (error) {
    await unlink(tmp).catch(() => undefined);
    throw error;
  }
  if (syncDir) await fsyncDir(dirname(path));
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
  private readonly pendingDirs = new Set<string>();
  constructor(
    readonly gitdir: string,
    private readonly fsImpl: unknown = fs,
    private readonly durable = true,
  ) {}

  async read(oid: string): Promise<GitObject> {
    const git = await loadIsoGit();
    try {
      const result = await git.readObject({
        fs: this.fsImpl as never,
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

  /** Writes a loose object (no-op when it exists); call `flush()` before publishing a ref to it. */
  async write(type: ObjectType, content: Uint8Array): Promise<string> {
    const oid = hashObject(type, content);
    const dir = join(this.gitdir, "objects", oid.slice(0, 2));
    const path = join(dir, oid.slice(2));
    if (fs.existsSync(path)) return oid;
    await mkdir(dir, { recursive: true });
    const header = Buffer.from(`${type} ${content.length}\0`);
    const data = deflateSync(Buffer.concat([header, content]), { level: 1 });
    if (this.durable) {
      await writeFileDurable(path, data, false).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "EEXIST") throw error;
      });
      this.pendingDirs.add(dir);
    } else {
      await fs.promises.writeFile(path, data);
    }
    return oid;
  }

  /** Makes every object written so far durable (fsync of their directories). */
  async flush(): Promise<void> {
    const dirs = [...this.pendingDirs];
    this.pendingDirs.clear();
    await Promise.all(dirs.map((dir) => fsyncDir(dir)));
    if (dirs.length > 0) await fsyncDir(join(this.gitdir, "objects"));
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
