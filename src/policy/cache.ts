/**
 * Loading the policy on the hook's hot path. policy.yaml is read and hashed on every call;
 * when a validated copy for exactly that text exists (`.policy-cache.json` beside it), it is
 * used and yaml/zod are never loaded. Otherwise the YAML is validated (load.ts, imported
 * lazily) and the cache rewritten (atomic rename, best effort). The cache is derived data:
 * deleting it is always safe, and a cache that does not match the text is ignored.
 */
import { createHash } from "node:crypto";
import { readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { DEFAULT_POLICY, type Policy } from "./types.js";

const CACHE_VERSION = 1;

interface CacheFile {
  version: number;
  sha256: string;
  policy: Policy;
}

export function policyCachePath(policyPath: string): string {
  return join(dirname(policyPath), ".policy-cache.json");
}

/** The policy at `path`; the default policy when the file does not exist. */
export async function loadPolicy(path: string): Promise<Policy> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return DEFAULT_POLICY;
    throw error;
  }
  const sha256 = createHash("sha256").update(text).digest("hex");
  const cachePath = policyCachePath(path);
  try {
    const cached = JSON.parse(await readFile(cachePath, "utf8")) as CacheFile;
    if (cached.version === CACHE_VERSION && cached.sha256 === sha256 && isPolicyShape(cached.policy)) {
      return cached.policy;
    }
  } catch {
    // no cache yet, or unreadable: validate below
  }
  const { parsePolicy } = await import("./load.js");
  const policy = parsePolicy(text, path);
  const body: CacheFile = { version: CACHE_VERSION, sha256, policy };
  const temp = `${cachePath}.${process.pid}.tmp`;
  try {
    await writeFile(temp, JSON.stringify(body), { mode: 0o600 });
    await rename(temp, cachePath);
  } catch {
    // a read-only home still works, just without the cache
  }
  return policy;
}

function isPolicyShape(value: unknown): value is Policy {
  const policy = value as Policy;
  return (
    typeof policy === "object" &&
    policy !== null &&
    typeof policy.max_risk === "string" &&
    Array.isArray(policy.rules?.commands?.deny) &&
    Array.isArray(policy.rules?.commands?.allow) &&
    Array.isArray(policy.rules?.files?.deny) &&
    Array.isArray(policy.rules?.network?.deny_hosts)
  );
}
