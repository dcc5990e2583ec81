import { randomBytes } from "node:crypto";
import { readFileSync, readlinkSync } from "node:fs";
import { hostname } from "node:os";
import { hasCode } from "../errors/index.js";

/**
 * Who holds a lock file, and whether that holder can still be alive (docs/decisions/trail-lock.md).
 * The record is the lock file's whole content, written by its creator right after the O_EXCL
 * create. A verdict is "alive" or "dead" only when this process can check the holder itself:
 * same boot and pid namespace (Linux /proc), where a pid plus its kernel start time names one
 * process for good, so neither a dead holder nor a recycled pid is mistaken for a live one.
 * Everything else is "unknown" and left to the caller's age limit.
 */

/** The lock file's record (all fields always present; `null` where the platform has no /proc). */
export interface LockOwner {
  v: 1;
  pid: number;
  /** Kernel start time of `pid` (clock ticks since boot, /proc/<pid>/stat field 22). */
  start: string | null;
  /** /proc/sys/kernel/random/boot_id: start times only compare within one boot. */
  boot: string | null;
  /** The pid namespace (readlink /proc/self/ns/pid): pids only compare within one. */
  ns: string | null;
  host: string;
  /** Random per acquisition: tells two holds by the same process apart. */
  token: string;
}
export type Liveness = "alive" | "dead" | "unknown";

function readOr<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

/** Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces and parentheses. */
export function processStartTime(pid: number | "self"): string | null {
  const stat = readOr(() => readFileSync(`/proc/${pid}/stat`, "latin1"), null);
  if (stat === null) return null;
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return fields[19] ?? null;
}

interface SelfIdentity {
  pid: number;
  start: string | null;
  boot: string | null;
  ns: string | null;
  host: string;
}

let self: SelfIdentity | undefined;
function selfIdentity(): SelfIdentity {
  self ??= {
    pid: process.pid,
    start: processStartTime("self"),
    boot: readOr(() => readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim(), null),
    ns: readOr(() => readlinkSync("/proc/self/ns/pid"), null),
    host: hostname(),
  };
  return self;
}

/** Tokens of the locks this process holds now: a record naming us with another token was leaked. */
const heldTokens = new Set<string>();

export function newOwner(): LockOwner {
  const me = selfIdentity();
  return { v: 1, ...me, token: randomBytes(12).toString("hex") };
}

export function markHeld(owner: LockOwner, held: boolean): void {
  if (held) heldTokens.add(owner.token);
  else heldTokens.delete(owner.token);
}

export function serializeOwner(owner: LockOwner): string {
  return `${JSON.stringify(owner)}\n`;
}

const isText = (value: unknown): value is string => typeof value === "string" && value.length <= 256;
const isTextOrNull = (value: unknown) => value === null || isText(value);

/**
 * The record in a lock file's text, or null (empty: being written; or another format). Checked
 * by hand, not with zod: this runs in every hook call, whose import graph is kept free of zod
 * (docs/performance.md, Agent hook).
 */
export function parseOwner(text: string): LockOwner | null {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || value.v !== 1) return null;
  const { pid, start, boot, ns, host, token } = value;
  if (!Number.isSafeInteger(pid) || (pid as number) <= 0) return null;
  if (!isTextOrNull(start) || !isTextOrNull(boot) || !isTextOrNull(ns) || !isText(host) || !isText(token))
    return null;
  return { v: 1, pid: pid as number, start, boot, ns, host, token } as LockOwner;
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return hasCode(error, "EPERM");
  }
}

/**
 * Whether `owner` can still be alive. `procChecks: false` (tests) behaves as on a platform
 * without /proc and without a usable pid, leaving everything to the age limit.
 */
export function ownerLiveness(owner: LockOwner | null, procChecks = true): Liveness {
  if (owner === null || !procChecks) return "unknown";
  const me = selfIdentity();
  const sameView = owner.boot !== null && owner.boot === me.boot && owner.ns !== null && owner.ns === me.ns;
  // No /proc on either side (macOS, Windows): a missing pid is proof of death, a present one is
  // not (pids are reused), so only the age limit can call such a holder stale.
  const noProc = owner.boot === null && me.boot === null && owner.host === me.host;
  if (!sameView && !noProc) return "unknown";
  if (owner.pid === me.pid) {
    // Our pid: either this process (then the token says whether the hold is still live or was
    // leaked) or an earlier process that had the same pid.
    if (sameView && owner.start !== me.start) return "dead";
    return heldTokens.has(owner.token) ? "alive" : "dead";
  }
  if (!pidExists(owner.pid)) return "dead";
  if (noProc) return "unknown";
  const start = processStartTime(owner.pid);
  // Unreadable while the pid exists: /proc mounted with hidepid; cannot tell.
  if (start === null || owner.start === null) return "unknown";
  return start === owner.start ? "alive" : "dead";
}
