/**
 * Loading the policy on the hook's hot path. policy.yaml is read and hashed on every call;
 * when a validated copy for exactly that text exists (`.policy-cache.json` beside it) and its
 * MAC under the seal key checks, it is used and yaml/zod are never loaded (~44 ms saved per
 * call, docs/performance.md). Otherwise the YAML is validated (load.ts, imported lazily) and
 * the cache rewritten (atomically, best effort). The cache is derived data: deleting it is
 * always safe, and a cache that does not match the text, or whose MAC does not check, is
 * ignored. The MAC is what makes it safe to trust: without it, anyone who can write the home
 * but not policy.yaml could plant a permissive "validated" policy under the right digest.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { dirname, join } from "node:path";
import { fileCalls, writeFileAtomic } from "../durable/index.js";
import { canonicalJson } from "../encoding/index.js";
import { hasCode } from "../errors/index.js";
import { DEFAULT_POLICY, type Policy } from "./types.js";

const CACHE_VERSION = 3;
const MAC_DOMAIN = "trailseal-policy-cache:v2\n";

interface CacheFile {
  version: number;
  /** SHA-256 of the policy.yaml text this is the validated form of. */
  sha256: string;
  /** The validated policy as JSON text: the MAC covers these exact characters. */
  policy: string;
  /** HMAC-SHA256 under the seal key of MAC_DOMAIN, sha256, "\n", policy (hex). */
  mac: string;
}

export interface LoadPolicyOptions {
  /**
   * The seal key, which authenticates the cache. Without one (or when it cannot be loaded)
   * the cache is neither read nor written: the YAML is validated on every call.
   */
  cacheKey?: () => Promise<Uint8Array | null>;
}

export function policyCachePath(policyPath: string): string {
  return join(dirname(policyPath), ".policy-cache.json");
}

function macOf(key: Uint8Array, sha256: string, policy: string): Buffer {
  return createHmac("sha256", key).update(`${MAC_DOMAIN}${sha256}\n${policy}`).digest();
}

async function readCache(cachePath: string, sha256: string, key: Uint8Array): Promise<Policy | null> {
  try {
    const cached = JSON.parse(await fileCalls.readFile(cachePath, "utf8")) as CacheFile;
    if (cached.version !== CACHE_VERSION || cached.sha256 !== sha256) return null;
    if (typeof cached.policy !== "string" || typeof cached.mac !== "string") return null;
    const expected = macOf(key, sha256, cached.policy);
    const given = Buffer.from(cached.mac, "hex");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const policy: unknown = JSON.parse(cached.policy);
    return isPolicyShape(policy) ? policy : null;
  } catch {
    return null; // no cache yet, or unreadable: validate
  }
}

const digests = new WeakMap<Policy, string>();

/**
 * The policy version a decision names (docs/trail-format.md, `policy`): `sha256:` and the hex
 * SHA-256 of the JCS form of the effective (validated) policy, so a reformatted or commented
 * policy.yaml with the same rules is the same version. Computed once per loaded policy.
 */
export function policyDigest(policy: Policy): string {
  let digest = digests.get(policy);
  if (digest === undefined) {
    digest = `sha256:${createHash("sha256").update(canonicalJson(policy)).digest("hex")}`;
    digests.set(policy, digest);
  }
  return digest;
}

/**
 * Validated policies this process keeps, by path, with the SHA-256 of the text they are the
 * validated form of; null: none kept (a process that makes one call has no use for them).
 */
let remembered: Map<string, { sha256: string; policy: Policy }> | null = null;

/**
 * A long-lived process (the resident hook server) keeps each validated policy in memory: a call
 * whose policy.yaml has exactly the text of an earlier one (it is still read and hashed on every
 * call, so a change takes effect on the very next call) gets the same policy object — no seal
 * key, cache file, MAC or JSON, and its digest (policyDigest) computed once. The object is
 * frozen, since every later call shares it.
 */
export function rememberValidatedPolicies(on = true): void {
  remembered = on ? new Map() : null;
}

function remember(path: string, sha256: string, policy: Policy): Policy {
  if (remembered === null) return policy;
  const frozen = deepFreeze(policy);
  remembered.set(path, { sha256, policy: frozen });
  return frozen;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** The policy at `path`; the default policy when the file does not exist. */
export async function loadPolicy(path: string, options: LoadPolicyOptions = {}): Promise<Policy> {
  let text: string;
  try {
    text = await fileCalls.readFile(path, "utf8");
  } catch (error) {
    if (hasCode(error, "ENOENT")) return DEFAULT_POLICY;
    throw error;
  }
  const sha256 = createHash("sha256").update(text).digest("hex");
  const kept = remembered?.get(path);
  if (kept !== undefined && kept.sha256 === sha256) return kept.policy;
  const cachePath = policyCachePath(path);
  const key = options.cacheKey ? await options.cacheKey().catch(() => null) : null;
  if (key) {
    const cached = await readCache(cachePath, sha256, key);
    if (cached) return remember(path, sha256, cached);
  }
  const { parsePolicy } = await import("./load.js");
  const policy = parsePolicy(text, path);
  if (key) {
    const json = JSON.stringify(policy);
    const body: CacheFile = {
      version: CACHE_VERSION,
      sha256,
      policy: json,
      mac: macOf(key, sha256, json).toString("hex"),
    };
    // A read-only home still works, just without the cache.
    await writeFileAtomic(cachePath, JSON.stringify(body), { mode: 0o600 }).catch(() => undefined);
  }
  return remember(path, sha256, policy);
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
