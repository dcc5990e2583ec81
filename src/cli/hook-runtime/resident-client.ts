/**
 * The resident hook server's client, in the package's bin (docs/decisions/hook-resident.md):
 * a hook call answered by the home's warm server costs little more than a bare Node start. It
 * uses node:fs only (loaded by Node's own start): no node:net, no node:crypto, no bundle. The
 * transport is the spool described in ./resident-protocol.ts.
 *
 * Anything short of a whole answer from a server of this very build leaves the call to the
 * in-process path (`fallback`), with the payload already read and, when a server claimed the
 * request, its call id: that server is then killed first if it still runs (it may be stuck, or
 * still about to append), and the fallback reads its journal (./resident-journal.ts) before
 * judging anything again. A request no server claimed is taken back (removed): once that
 * succeeds, no server ever sees it.
 */
import {
  existsSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import {
  encodeRequest,
  type ResidentControl,
  type ResidentRequest,
  type ResidentStatus,
  readServerInfo,
  residentWanted,
  runDir,
  type ServerInfo,
  SILENCE_MS,
  serverAlive,
  startFailedRecently,
  unsafeRunDir,
} from "./resident-protocol.js";

/** What the in-process path is left with when the server did not answer. */
export interface ResidentFallback {
  /** The payload, when it was read from stdin here. */
  text?: string;
  /** Set when a server claimed the request and is now gone: its journal, in `spool`, decides. */
  callId?: string;
  spool?: string;
  /** Start a server for the next call (after this one is answered). */
  startServer: boolean;
}

/** Only a call the server did not answer returns: an answered one has ended the process. */
export type ResidentOutcome = { answered: false } & ResidentFallback;

interface Answer {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** The first wait for the answer, growing by half each time up to LAST_WAIT_MS (a warm call takes ~3 ms). */
const FIRST_WAIT_MS = 0.2;
const LAST_WAIT_MS = 2;
/** How often, while waiting, the server's liveness and the request's claim are looked at. */
const CHECK_MS = 20;

/** One hook call through the home's server; `digest` is this build's (scripts/build.mjs). */
export async function callResident(
  agent: string,
  home: string,
  env: NodeJS.ProcessEnv,
  digest: string,
): Promise<ResidentOutcome> {
  if (!residentWanted(env, home)) return { answered: false, startServer: false };
  const unsafe = unsafeRunDir(runDir(home));
  // A directory someone else could have prepared is never used, nor made usable by a server.
  if (unsafe !== null) return { answered: false, startServer: unsafe === undefined };
  const server = readServerInfo(home);
  // None, gone, or another build's (never sent a call): judged in-process, and a server of this
  // build started for the next call (it replaces another build's), unless one just failed to.
  if (server === null || server.digest !== digest || !serverAlive(server))
    return { answered: false, startServer: !startFailedRecently(home) };
  // Its spool must be this user's alone: a request holds the caller's environment.
  if (unsafeRunDir(server.spool) !== null) return { answered: false, startServer: false };
  let payload: Buffer;
  try {
    payload = readFileSync(0);
  } catch {
    // The in-process path reads stdin itself and answers its failure.
    return { answered: false, startServer: true };
  }
  const text = payload.toString("utf8");
  const id = callId();
  const header: ResidentRequest = {
    op: "hook",
    digest,
    id,
    server: server.pid,
    agent,
    home,
    cwd: process.cwd(),
    umask: process.umask(),
    env: { ...env },
  };
  const reply = exchange(id, server, encodeRequest(header, payload));
  if (reply === "taken") return { answered: false, text, callId: id, spool: server.spool, startServer: true };
  if (reply === "not-taken") return { answered: false, text, startServer: true };
  if (reply.stdout) writeSync(1, reply.stdout);
  if (reply.stderr) writeSync(2, reply.stderr);
  process.exit(reply.exitCode);
}

function callId(): string {
  return `${process.pid.toString(36)}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * Sends the request and waits for its answer, sleeping between looks (Atomics.wait: no event
 * loop, no timer). "not-taken": no server has or will have the request; "taken": a server
 * claimed it and gave no answer, and is gone now (killed here if it still ran).
 */
function exchange(id: string, server: ServerInfo, request: Buffer): Answer | "taken" | "not-taken" {
  const dir = server.spool;
  const temporary = join(dir, `${id}.tmp`);
  const req = join(dir, `${id}.req`);
  try {
    writeFileSync(temporary, request, { mode: 0o600 });
    renameSync(temporary, req);
  } catch {
    remove(temporary);
    return "not-taken";
  }
  const answer = join(dir, `${id}.answer`);
  const taken = join(dir, `${id}.taken`);
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const sent = Date.now();
  let wait = FIRST_WAIT_MS;
  let nextCheck = sent + CHECK_MS;
  let claimed = 0;
  for (;;) {
    Atomics.wait(pause, 0, 0, wait);
    wait = Math.min(wait * 1.5, LAST_WAIT_MS);
    if (existsSync(answer)) {
      const reply = takeReply(answer);
      if (reply === "refused") return "not-taken";
      if (reply === "failed") return "taken"; // its journal is final: the server is done with it
      if (reply !== null) return reply;
      stopServer(server); // a garbled answer: nothing more is trusted from this server
      return "taken";
    }
    const now = Date.now();
    if (now < nextCheck) continue;
    nextCheck = now + CHECK_MS;
    const alive = serverAlive(server);
    if (claimed === 0) {
      if (alive && now - sent < SILENCE_MS && existsSync(req)) continue;
      // Unclaimed for too long, or its server is gone: take it back. Removing it succeeds only
      // if no server claimed it, and then none ever will.
      if (remove(req)) {
        if (alive) stopServer(server);
        return "not-taken";
      }
      claimed = now;
      continue;
    }
    // Claimed: the server touches the claim every HEARTBEAT_MS while the call is queued or runs.
    let beat = claimed;
    try {
      beat = Math.max(beat, statSync(taken).mtimeMs);
    } catch {
      // answered meanwhile (the answer is written before the claim is removed): looked at next
    }
    if (alive && now - beat < SILENCE_MS) continue;
    if (alive) stopServer(server);
    // Its answer may have landed just before it went: the fallback's journal reads it.
    return "taken";
  }
}

function remove(file: string): boolean {
  try {
    unlinkSync(file);
    return true;
  } catch {
    return false;
  }
}

/** The answer file's reply, removed: an answer, a refusal, the call's failure, or null when garbled. */
function takeReply(file: string): Answer | "refused" | "failed" | null {
  let reply: Partial<Answer> & { refused?: unknown; failed?: unknown };
  try {
    reply = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
  if (typeof reply.refused === "string") {
    remove(file);
    return "refused";
  }
  // A failure's answer stays for the fallback's journal, which removes it with the intents.
  if (typeof reply.failed === "string") return "failed";
  remove(file);
  if (typeof reply.stdout !== "string" || typeof reply.stderr !== "string") return null;
  if (!Number.isInteger(reply.exitCode)) return null;
  return reply as Answer;
}

/**
 * Kills the server (only if it is still that process: its start time tells it from a later one
 * with its pid) and waits until it is gone: only then can its journal no longer change.
 */
function stopServer(server: ServerInfo): void {
  if (server.pid === process.pid || !serverAlive(server)) return;
  try {
    process.kill(server.pid, "SIGKILL");
  } catch {
    return; // gone already
  }
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (const deadline = Date.now() + 5000; Date.now() < deadline; Atomics.wait(pause, 0, 0, 2)) {
    // A killed process that nobody reaped yet (a zombie) runs no more code: not alive.
    if (!serverAlive(server)) return;
  }
}

/**
 * One control request to the home's server (`trailseal hook server status|stop`): its status
 * (for stop: the status it had before stopping), or null when none answers.
 */
export async function askServer(home: string, op: "status" | "stop"): Promise<ResidentStatus | null> {
  if (unsafeRunDir(runDir(home)) !== null) return null;
  const server = readServerInfo(home);
  if (server === null || !serverAlive(server) || unsafeRunDir(server.spool) !== null) return null;
  const id = callId();
  const dir = server.spool;
  const req = join(dir, `${id}.req`);
  const control: ResidentControl = { op, id, server: server.pid };
  try {
    writeFileSync(join(dir, `${id}.tmp`), encodeRequest(control, Buffer.alloc(0)), { mode: 0o600 });
    renameSync(join(dir, `${id}.tmp`), req);
  } catch {
    remove(join(dir, `${id}.tmp`));
    return null;
  }
  const answer = join(dir, `${id}.answer`);
  for (const deadline = Date.now() + SILENCE_MS; Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (!existsSync(answer)) continue;
    try {
      const status = JSON.parse(readFileSync(answer, "utf8")) as ResidentStatus;
      remove(answer);
      return typeof status.pid === "number" ? status : null;
    } catch {
      return null;
    }
  }
  // No answer: taken back if it was never claimed (a claimed control request has no effect left).
  remove(req);
  remove(join(dir, `${id}.taken`));
  return null;
}
