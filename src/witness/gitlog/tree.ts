/**
 * A mutable view of a commit's tree: read files by path, set files, then write only the trees
 * that changed (bottom-up) and get the new root. Subtrees load lazily, so a commit touching
 * three paths of a 100k-entry log reads and writes a handful of tree objects.
 */
import { TrailsealError } from "../../errors/index.js";
import {
  BLOB_MODE,
  type ObjectStore,
  parseTree,
  serializeTree,
  TREE_MODE,
  type TreeEntry,
} from "./objects.js";

interface Node {
  oid: string | null; // null when new or changed since load
  entries: Map<string, { mode: string; oid: string; child?: Node }>;
}

export class WorkTree {
  private constructor(
    private readonly store: ObjectStore,
    private readonly root: Node,
  ) {}

  static async load(store: ObjectStore, rootOid: string | null): Promise<WorkTree> {
    const root = rootOid ? await loadNode(store, rootOid) : { oid: null, entries: new Map() };
    return new WorkTree(store, root);
  }

  private async child(node: Node, name: string, create: boolean): Promise<Node | null> {
    const entry = node.entries.get(name);
    if (!entry) {
      if (!create) return null;
      const fresh: Node = { oid: null, entries: new Map() };
      node.entries.set(name, { mode: TREE_MODE, oid: "", child: fresh });
      return fresh;
    }
    if (entry.mode !== TREE_MODE) {
      if (!create) return null;
      throw new TrailsealError("GITLOG_LAYOUT_INVALID", `${name} is a file where a directory is expected`);
    }
    entry.child ??= await loadNode(this.store, entry.oid);
    return entry.child;
  }

  private async walk(path: string, create: boolean): Promise<{ node: Node; name: string } | null> {
    const parts = path.split("/");
    const name = parts.pop()!;
    let node: Node | null = this.root;
    const trail: Node[] = [node];
    for (const part of parts) {
      node = await this.child(node, part, create);
      if (!node) return null;
      trail.push(node);
    }
    if (create) for (const n of trail) n.oid = null;
    return { node, name };
  }

  /** The blob oid at `path`, or null. */
  async fileOid(path: string): Promise<string | null> {
    const found = await this.walk(path, false);
    const entry = found?.node.entries.get(found.name);
    return entry && entry.mode !== TREE_MODE ? entry.oid : null;
  }

  async readFile(path: string): Promise<Buffer | null> {
    const oid = await this.fileOid(path);
    return oid ? this.store.readTyped(oid, "blob") : null;
  }

  /** Entries of the directory at `path` ("" for the root), or null when absent. */
  async list(path: string): Promise<TreeEntry[] | null> {
    let node: Node | null = this.root;
    for (const part of path === "" ? [] : path.split("/")) {
      node = await this.child(node, part, false);
      if (!node) return null;
    }
    return [...node.entries].map(([name, entry]) => ({ name, mode: entry.mode, oid: entry.oid }));
  }

  async setFile(path: string, content: Uint8Array): Promise<void> {
    const oid = await this.store.write("blob", content);
    const found = (await this.walk(path, true))!;
    found.node.entries.set(found.name, { mode: BLOB_MODE, oid });
  }

  /** Removes a file (no-op when absent); directories left empty disappear on write. */
  async removeFile(path: string): Promise<void> {
    const found = await this.walk(path, false);
    if (!found?.node.entries.has(found.name)) return;
    await this.walk(path, true);
    found.node.entries.delete(found.name);
  }

  /** Writes every changed tree and returns the root tree oid. */
  async write(): Promise<string> {
    return writeNode(this.store, this.root);
  }
}

async function loadNode(store: ObjectStore, oid: string): Promise<Node> {
  const entries = new Map<string, { mode: string; oid: string; child?: Node }>();
  for (const entry of parseTree(await store.readTyped(oid, "tree"))) {
    entries.set(entry.name, { mode: entry.mode, oid: entry.oid });
  }
  return { oid, entries };
}

async function writeNode(store: ObjectStore, node: Node): Promise<string> {
  if (node.oid) return node.oid;
  const entries: TreeEntry[] = [];
  for (const [name, entry] of node.entries) {
    if (entry.child) {
      if (entry.child.entries.size === 0) {
        node.entries.delete(name); // git has no empty directories
        continue;
      }
      entry.oid = await writeNode(store, entry.child);
    }
    entries.push({ mode: entry.mode, name, oid: entry.oid });
  }
  node.oid = await store.write("tree", serializeTree(entries));
  return node.oid;
}
