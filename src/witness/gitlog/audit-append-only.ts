/**
 * The append-only step of `witness audit`: each commit's entry bundles are compared with its
 * parent's, bundle by bundle. A bundle may only grow at its end, and only the last one; indices
 * are contiguous; every new entry is a schema-valid stored anchor in canonical JSON whose
 * anchor_id is the one the log assigns (index + request digest).
 */
import { canonicalJson } from "../../encoding/index.js";
import { storedAnchorSchema } from "../protocol/index.js";
import { AuditStop } from "./audit-failure.js";
import { BUNDLE_SIZE, ENTRIES_DIR, formatAnchorId, parseEntriesFilePath, requestDigest } from "./layout.js";
import { canonicalRequest } from "./log.js";
import type { ObjectStore } from "./objects.js";
import type { WorkTree } from "./tree.js";

export interface Bundle {
  n: number;
  path: string;
  oid: string;
}

async function listBundles(tree: WorkTree): Promise<Bundle[]> {
  const out: Bundle[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of (await tree.list(dir)) ?? []) {
      const path = `${dir}/${entry.name}`;
      if (entry.mode === "40000") await walk(path);
      else {
        const n = parseEntriesFilePath(path);
        if (n === null) throw new AuditStop("GITLOG_AUDIT_LAYOUT", `unexpected file ${path}`);
        out.push({ n, path, oid: entry.oid });
      }
    }
  };
  await walk(ENTRIES_DIR);
  out.sort((a, b) => a.n - b.n);
  out.forEach((bundle, i) => {
    if (bundle.n !== i) throw new AuditStop("GITLOG_AUDIT_LAYOUT", `entry bundle ${i} is missing`);
  });
  return out;
}

export function splitLines(bytes: Buffer, path: string): string[] {
  const text = bytes.toString("utf8");
  if (text === "") return [];
  if (!text.endsWith("\n")) throw new AuditStop("GITLOG_AUDIT_LAYOUT", `${path} does not end in a newline`);
  const lines = text.slice(0, -1).split("\n");
  if (lines.length > BUNDLE_SIZE)
    throw new AuditStop("GITLOG_AUDIT_LAYOUT", `${path} has over ${BUNDLE_SIZE} lines`);
  return lines;
}

/** Checks one new entry line at `index`; returns nothing, throws AuditStop. */
function checkEntry(line: string, index: number): void {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new AuditStop("GITLOG_AUDIT_ENTRY_INVALID", `entry ${index} is not JSON`);
  }
  const parsed = storedAnchorSchema.safeParse(value);
  if (!parsed.success)
    throw new AuditStop("GITLOG_AUDIT_ENTRY_INVALID", `entry ${index} is not a valid anchor`);
  if (canonicalJson(value) !== line) {
    throw new AuditStop("GITLOG_AUDIT_ENTRY_INVALID", `entry ${index} is not in canonical JSON`);
  }
  const expected = formatAnchorId(index, requestDigest(canonicalRequest(parsed.data)));
  if (parsed.data.anchor_id !== expected) {
    throw new AuditStop(
      "GITLOG_AUDIT_ENTRY_INVALID",
      `entry ${index} has anchor_id ${parsed.data.anchor_id}, expected ${expected} (index or request changed)`,
    );
  }
}

/**
 * Step 3: entries only appended, compared bundle by bundle with the parent; every new entry
 * checked. Returns the new bundles, the lines of the last one and the entry count.
 */
export async function checkAppendOnly(
  store: ObjectStore,
  tree: WorkTree,
  state: { bundles: Bundle[]; lastLines: string[] },
): Promise<{ bundles: Bundle[]; lastLines: string[]; size: number }> {
  const { bundles, lastLines } = state;
  const next = await listBundles(tree);
  if (next.length < bundles.length) {
    throw new AuditStop("GITLOG_AUDIT_ENTRY_REMOVED", `entry bundle ${next.length} was removed`);
  }
  let size = 0;
  let nextLast: string[] = [];
  for (const bundle of next) {
    const before = bundles[bundle.n];
    const isLast = bundle.n === next.length - 1;
    const wasLast = bundle.n === bundles.length - 1;
    if (before && before.oid === bundle.oid) {
      size += wasLast ? lastLines.length : BUNDLE_SIZE;
      if (isLast) nextLast = lastLines;
      continue;
    }
    const lines = splitLines(await store.readTyped(bundle.oid, "blob"), bundle.path);
    if (!isLast && lines.length !== BUNDLE_SIZE) {
      throw new AuditStop("GITLOG_AUDIT_LAYOUT", `${bundle.path} is not full but is not the last bundle`);
    }
    const base = bundle.n * BUNDLE_SIZE;
    let old: string[] = [];
    if (before) {
      // Only the parent's last bundle may change, and only by growing at its end.
      old = wasLast ? lastLines : splitLines(await store.readTyped(before.oid, "blob"), before.path);
      for (const [j, line] of old.entries()) {
        if (lines[j] === undefined)
          throw new AuditStop("GITLOG_AUDIT_ENTRY_REMOVED", `entry ${base + j} was removed`);
        if (lines[j] !== line)
          throw new AuditStop("GITLOG_AUDIT_ENTRY_CHANGED", `entry ${base + j} was changed`);
      }
    }
    for (let j = old.length; j < lines.length; j++) checkEntry(lines[j]!, base + j);
    size += lines.length;
    if (isLast) nextLast = lines;
  }
  return { bundles: next, lastLines: nextLast, size };
}
