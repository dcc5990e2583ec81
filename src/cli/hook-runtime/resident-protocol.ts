/**
 * The resident hook server's places and file formats (docs/decisions/hook-resident.md), shared by
 * the client (./resident-client.ts, in the package's bin) and the server (./resident-server.ts).
 * node:fs and node:path only (no node:net, no node:crypto): the client's path must stay a bare
 * Node start, and node:fs is loaded by Node's own start anyway.
 *
 * The transport is a spool directory of the server's own, in memory: a request holds the
 * payload and the caller's environment, unredacted, which trailseal never writes to a disk.
 * - The server makes its spool under `$XDG_RUNTIME_DIR` or `/dev/shm` (a tmpfs; none: no
 *   server), `trailseal-<uid>/<pid>-<start>`, 0700, and publishes `<home>/run/server.json` (its
 *   pid, its process's start time, its build's digest, its spool), written whole and renamed
 *   into place.
 * - A client writes its request (the header's and the payload's lengths, 4 bytes each,
 *   big-endian, the header as JSON, the payload's bytes) to `<spool>/<id>.tmp` and renames it to
 *   `<id>.req`; the header names the server's pid it addresses.
 * - The server learns of it (fs.watch, and a sweep every few seconds), and claims it by renaming
 *   it to `<id>.taken`: a rename succeeds once, so exactly one server has it, and a client that
 *   removes it first (a cancel) knows no server ever will. While a call is claimed the server
 *   touches `<id>.taken` every HEARTBEAT_MS.
 * - The answer is `<id>.answer` (written whole and renamed into place): a HookResult, or
 *   `{"refused": why}` when the server did nothing, or `{"failed": why}` when its call failed
 *   (the journal then decides, ./resident-journal.ts). The client reads it and removes it.
 */
import { lstatSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** The server's directory in the home: created 0700 by the server, checked by the client. */
export const RUN_DIR = "run";
/** The running server's pid, process start time, build digest and spool. */
export const SERVER_FILE = "server.json";
export const HEARTBEAT_MS = 1000;
/** A request unclaimed, or a claim untouched, for this long: the server is stuck or gone. */
export const SILENCE_MS = 5000;
/** How long an unused server stays (TRAILSEAL_HOOK_SERVER_IDLE_SECONDS overrides it). */
export const DEFAULT_IDLE_SECONDS = 600;
/** A call id: the client's pid, the time and a random part (file names in the spool). */
export const CALL_ID = /^[a-z0-9-]{1,64}$/;

export interface ResidentRequest {
  op: "hook";
  digest: string;
  id: string;
  /** The pid of the server the request is for: no other server takes it. */
  server: number;
  agent: string;
  home: string;
  cwd: string;
  umask: number;
  env: Record<string, string | undefined>;
}

/** A request that is not a hook call: what a server is doing, or stop it. */
export interface ResidentControl {
  op: "status" | "stop";
  id: string;
  server: number;
}

export interface ResidentStatus {
  pid: number;
  digest: string;
  home: string;
  calls: number;
  startedAt: string;
  idleSeconds: number;
}

/** What a server publishes in SERVER_FILE. */
export interface ServerInfo {
  pid: number;
  /** The process's start time (/proc/<pid>/stat), which tells it apart from a later one with its pid. */
  start: string;
  digest: string;
  /** Its spool: requests, claims, answers, and each call's journal (./resident-journal.ts). */
  spool: string;
}

export function runDir(home: string): string {
  return join(home, RUN_DIR);
}

export function serverFile(home: string): string {
  return join(home, RUN_DIR, SERVER_FILE);
}

/**
 * Written by a server that could not start (no tmpfs, …): for RETRY_START_MS no call starts
 * another (each would be a Node process started for nothing); removed by a server that starts.
 */
export const START_FAILED_FILE = "server-failed";
export const RETRY_START_MS = 10 * 60 * 1000;

/** Whether a server of this home failed to start less than RETRY_START_MS ago. */
export function startFailedRecently(home: string): boolean {
  try {
    return Date.now() - statSync(join(home, RUN_DIR, START_FAILED_FILE)).mtimeMs < RETRY_START_MS;
  } catch {
    return false;
  }
}

/** The home's own switch (`trailseal hook server on|off`): `{"server":"on"}` or `{"server":"off"}`. */
export const SWITCH_FILE = "hook-server.json";
/**
 * The switch when neither TRAILSEAL_HOOK_SERVER nor the home's SWITCH_FILE says: on
 * (docs/decisions/hook-server-default.md).
 */
export const DEFAULT_SWITCH: "on" | "off" = "on";

/** Where the switch came from: the environment overrides the home, the home the default. */
export type SwitchSource = "environment" | "home" | "default";

/**
 * The resident server's switch for `home`: `TRAILSEAL_HOOK_SERVER` when set (`on`; any other
 * value is off), else the home's SWITCH_FILE, else DEFAULT_SWITCH. An unreadable or garbled
 * file says nothing (the default): either way the answers are the same, only their cost differs.
 */
export function residentSwitch(env: NodeJS.ProcessEnv, home: string): { on: boolean; from: SwitchSource } {
  const value = env.TRAILSEAL_HOOK_SERVER;
  if (value !== undefined && value !== "") return { on: value === "on", from: "environment" };
  try {
    const stored = (JSON.parse(readFileSync(join(home, SWITCH_FILE), "utf8")) as { server?: unknown }).server;
    if (stored === "on" || stored === "off") return { on: stored === "on", from: "home" };
  } catch {
    // no switch stored in this home
  }
  return { on: DEFAULT_SWITCH === "on", from: "default" };
}

/**
 * Whether the resident server may be used at all here: on Linux, where a process's start time
 * (/proc) tells a server from a later process that got its pid (the client kills a server that
 * stopped answering, and must never kill anything else), and with the switch on.
 */
export function residentWanted(env: NodeJS.ProcessEnv, home: string): boolean {
  return process.platform === "linux" && residentSwitch(env, home).on;
}

/** Process `pid`'s start time, or null when there is no such process (or it is a zombie). */
export function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // After the command's parenthesis: field 3 (state) … field 22 (starttime).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (fields[0] === "Z" || fields[0] === "X") return null;
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether `info` names a process that is running now and is that server (not a later process with its pid). */
export function serverAlive(info: ServerInfo): boolean {
  return info.pid > 1 && processStart(info.pid) === info.start;
}

/** The published server, or null (none, garbled). */
export function readServerInfo(home: string): ServerInfo | null {
  try {
    const info = JSON.parse(readFileSync(serverFile(home), "utf8")) as Partial<ServerInfo>;
    if (!Number.isSafeInteger(info.pid) || !(info.pid! > 1)) return null;
    if (typeof info.start !== "string" || typeof info.digest !== "string") return null;
    if (typeof info.spool !== "string" || !info.spool.startsWith("/")) return null;
    return info as ServerInfo;
  } catch {
    return null;
  }
}

/**
 * Why `dir` (the home's run/, a spool, the spools' parent) must not be used (null: it may): only
 * a directory owned by this user that no one else may enter (not a symbolic link), since whoever
 * can write a request there can ask the server to record calls in this user's trail, and a
 * request holds the caller's environment. Undefined when it does not exist.
 */
export function unsafeRunDir(dir: string): string | null | undefined {
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(dir);
  } catch {
    return undefined;
  }
  if (!stat.isDirectory()) return `${dir} is not a directory`;
  if (typeof process.getuid === "function" && stat.uid !== process.getuid())
    return `${dir} is owned by uid ${stat.uid}`;
  if ((stat.mode & 0o077) !== 0) return `${dir} has mode ${(stat.mode & 0o777).toString(8)}, not 700`;
  return null;
}

/** The request's bytes: both lengths, header, payload. */
export function encodeRequest(header: ResidentRequest | ResidentControl, payload: Buffer): Buffer {
  const head = Buffer.from(JSON.stringify(header), "utf8");
  const lengths = Buffer.alloc(8);
  lengths.writeUInt32BE(head.length, 0);
  lengths.writeUInt32BE(payload.length, 4);
  return Buffer.concat([lengths, head, payload]);
}

/** The request in `bytes`, or null when they are not one whole request. */
export function decodeRequest(
  bytes: Buffer,
): { header: ResidentRequest | ResidentControl; payload: Buffer } | null {
  if (bytes.length < 8) return null;
  const headLength = bytes.readUInt32BE(0);
  const payloadLength = bytes.readUInt32BE(4);
  if (bytes.length !== 8 + headLength + payloadLength) return null;
  try {
    const header = JSON.parse(bytes.subarray(8, 8 + headLength).toString("utf8")) as ResidentRequest;
    if (typeof header !== "object" || header === null || Array.isArray(header)) return null;
    return { header, payload: bytes.subarray(8 + headLength) };
  } catch {
    return null;
  }
}

/**
 * The files a resident server runs, in the order their digests are hashed into its build's
 * digest (./server-main.ts; scripts/build.mjs writes the same digest into the bin).
 */
export const RESIDENT_FILES = ["hook.cjs", "hook-rare.cjs", "redact-rules.cjs", "hook-server.cjs"];
