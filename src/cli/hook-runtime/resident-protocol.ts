/**
 * The resident hook server's wire format and places (docs/decisions/hook-resident.md), shared by
 * the client (./resident-client.ts, in the package's bin) and the server (./resident-server.ts).
 * Node builtins only, and no node:crypto: the client's path must stay a bare Node start.
 *
 * One connection, one request. The server sends its hello line (`{"pid","digest"}\n`) when it
 * accepts; only then, and only to a server of its own build, the client sends the header's and
 * the payload's lengths (4 bytes each, big-endian), the header (JSON) and the payload's bytes.
 * The server sends a `.` every HEARTBEAT_MS while the call runs, and ends with `=` and the result
 * as JSON (a HookResult, or `{"refused": why}` when it did nothing: another home, not an agent),
 * then closes.
 */
import { lstatSync } from "node:fs";
import { join } from "node:path";

/** The server's directory in the home: created 0700 by the server, checked by the client. */
export const RUN_DIR = "run";
export const SOCKET_FILE = "hook.sock";
/** One file per call that appended or is appending: ./resident-journal.ts. */
export const CALLS_DIR = "calls";
export const HEARTBEAT_MS = 1000;
/** The client gives up on a server that sent nothing for this long (heartbeats included). */
export const SILENCE_MS = 5000;
/** How long an unused server stays (TRAILSEAL_HOOK_SERVER_IDLE_SECONDS overrides it). */
export const DEFAULT_IDLE_SECONDS = 600;
/** sun_path holds 104 bytes on macOS, 108 on Linux, the terminating NUL included. */
const MAX_SOCKET_PATH_BYTES = 103;

export interface ResidentRequest {
  op: "hook";
  digest: string;
  id: string;
  agent: string;
  home: string;
  cwd: string;
  umask: number;
  env: Record<string, string | undefined>;
}

/** A request that is not a hook call: what a server is doing, or stop it. */
export interface ResidentControl {
  op: "status" | "stop";
}

export interface ResidentStatus {
  pid: number;
  digest: string;
  home: string;
  calls: number;
  startedAt: string;
  idleSeconds: number;
}

export function runDir(home: string): string {
  return join(home, RUN_DIR);
}

export function socketPath(home: string): string {
  return join(home, RUN_DIR, SOCKET_FILE);
}

export function callFile(home: string, id: string): string {
  return join(home, RUN_DIR, CALLS_DIR, `${id}.json`);
}

/**
 * Whether the resident server may be used at all here: `TRAILSEAL_HOOK_SERVER` (`on`/`off`;
 * unset: off), a platform with Unix sockets, and a socket path short enough for one.
 */
export function residentWanted(env: NodeJS.ProcessEnv, home: string): boolean {
  if (env.TRAILSEAL_HOOK_SERVER !== "on") return false;
  if (process.platform === "win32") return false;
  return Buffer.byteLength(socketPath(home)) <= MAX_SOCKET_PATH_BYTES;
}

/**
 * Why `dir` must not be used for the server's socket (null: it may): only a directory owned by
 * this user that no one else may enter, since whoever can reach the socket can ask the server to
 * record calls in this user's trail. Undefined when it does not exist.
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

/**
 * The request in `bytes`: "incomplete" while more must come, null when they are not a request
 * (a header that is not a JSON object, bytes beyond the request).
 */
export function decodeRequest(
  bytes: Buffer,
): { header: ResidentRequest | ResidentControl; payload: Buffer } | "incomplete" | null {
  if (bytes.length < 8) return "incomplete";
  const headLength = bytes.readUInt32BE(0);
  const payloadLength = bytes.readUInt32BE(4);
  const total = 8 + headLength + payloadLength;
  if (bytes.length < total) return "incomplete";
  if (bytes.length > total) return null;
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
