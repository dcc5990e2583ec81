/**
 * The resident hook server's client, in the package's bin (docs/decisions/hook-resident.md):
 * a hook call answered by the home's warm server costs little more than a bare Node start. It
 * loads node:net, node:fs and node:path only (no node:crypto, no bundle).
 *
 * Anything short of a whole, well-formed answer from a server of this very build leaves the call
 * to the in-process path (`fallback`), with the payload already read and, when the request was
 * sent, its call id: the server is then killed first (it may be stuck, or still about to append),
 * and the fallback reads its journal (./resident-journal.ts) before judging anything again.
 */
import { readFileSync, writeSync } from "node:fs";
import { connect } from "node:net";
import {
  encodeRequest,
  type ResidentRequest,
  type ResidentStatus,
  residentWanted,
  runDir,
  SILENCE_MS,
  socketPath,
  unsafeRunDir,
} from "./resident-protocol.js";

/** What the in-process path is left with when the server did not answer. */
export interface ResidentFallback {
  /** The payload, when it was read from stdin here. */
  text?: string;
  /** Set when the request reached a server, which is now killed: its journal decides. */
  callId?: string;
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
  let payload: Buffer;
  try {
    payload = readFileSync(0);
  } catch {
    // The in-process path reads stdin itself and answers its failure.
    return { answered: false, startServer: true };
  }
  const text = payload.toString("utf8");
  const id = `${process.pid.toString(36)}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  const header: ResidentRequest = {
    op: "hook",
    digest,
    id,
    agent,
    home,
    cwd: process.cwd(),
    umask: process.umask(),
    env: { ...env },
  };
  const outcome = await exchange(socketPath(home), digest, encodeRequest(header, payload));
  if (!outcome.taken) return { answered: false, text, startServer: true };
  stopServer(outcome.pid);
  return { answered: false, text, callId: id, startServer: true };
}

interface Exchange {
  /** Whether the server may have acted on the call (then `pid` is the server's). */
  taken: boolean;
  pid: number;
}

function exchange(path: string, digest: string, request: Buffer): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = connect(path);
    let written = false;
    let pid = 0;
    let settled = false;
    let received: Buffer = Buffer.alloc(0);
    const finish = (taken: boolean): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ taken: taken && pid > 0, pid });
    };
    let timer = setTimeout(() => finish(written), SILENCE_MS);
    socket.on("error", () => finish(written));
    socket.on("data", (chunk: Buffer) => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(written), SILENCE_MS);
      received = received.length === 0 ? chunk : Buffer.concat([received, chunk]);
      if (pid > 0) return;
      const end = received.indexOf(10);
      if (end < 0) return;
      let hello: { pid?: unknown; digest?: unknown };
      try {
        hello = JSON.parse(received.subarray(0, end).toString("utf8"));
      } catch {
        return finish(false);
      }
      if (typeof hello.pid !== "number" || !(hello.pid > 1)) return finish(false);
      pid = hello.pid;
      // Another build's server is never sent a call (a fresh one is started).
      if (hello.digest !== digest) return finish(false);
      received = received.subarray(end + 1);
      // Only now: a request is only ever in the hands of a server whose pid is known, so that a
      // server that stops answering can be killed before the fallback judges the call again.
      written = true;
      socket.write(request);
    });
    socket.on("end", () => {
      const reply = parseReply(received);
      if (reply !== null && "refused" in reply) return finish(false);
      if (reply !== null && written) deliver(reply);
      finish(written);
    });
  });
}

/**
 * Writes the answer and ends the process, from within the socket's `end` event: the socket's
 * own automatic destroy would build process.stderr (node:net looks at it), ~1 ms for nothing.
 */
function deliver(answer: Answer): never {
  if (answer.stdout) writeSync(1, answer.stdout);
  if (answer.stderr) writeSync(2, answer.stderr);
  process.exit(answer.exitCode);
}

/** Heartbeats (`.`), then `=` and the answer or a refusal; anything else is null. */
function parseReply(bytes: Buffer): Answer | { refused: string } | null {
  let start = 0;
  while (start < bytes.length && bytes[start] === 46) start += 1;
  if (bytes[start] !== 61) return null;
  try {
    const reply = JSON.parse(bytes.subarray(start + 1).toString("utf8")) as Partial<Answer> & {
      refused?: unknown;
    };
    if (typeof reply.refused === "string") return { refused: reply.refused };
    if (typeof reply.stdout !== "string" || typeof reply.stderr !== "string") return null;
    if (!Number.isInteger(reply.exitCode)) return null;
    return reply as Answer;
  } catch {
    return null;
  }
}

/**
 * Kills the server that took this call and waits until it is gone: only then can its journal
 * no longer change. (A server is this user's process: the socket's directory is this user's.)
 */
function stopServer(pid: number): void {
  if (!(pid > 1) || pid === process.pid) return;
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    return; // gone already
  }
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (const deadline = Date.now() + 5000; Date.now() < deadline; Atomics.wait(pause, 0, 0, 2)) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    try {
      // A killed process that nobody reaped yet (a zombie) runs no more code.
      if (readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.startsWith("Z")) return;
    } catch {
      // no /proc here: wait until the pid is gone
    }
  }
}

/**
 * One control request to the home's server (`trailseal hook server status|stop`): its status
 * (for stop: the status it had), or null when none answers.
 */
export function askServer(home: string, op: "status" | "stop"): Promise<ResidentStatus | null> {
  return new Promise((resolve) => {
    if (unsafeRunDir(runDir(home)) !== null) return resolve(null);
    const socket = connect(socketPath(home));
    let received = "";
    let sent = false;
    const done = (status: ResidentStatus | null) => {
      socket.destroy();
      resolve(status);
    };
    socket.setTimeout(SILENCE_MS, () => done(null));
    socket.on("error", () => done(null));
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("utf8");
      if (sent || !received.includes("\n")) return;
      sent = true;
      socket.write(encodeRequest({ op: op === "stop" ? "status" : op }, Buffer.alloc(0)));
    });
    socket.on("end", async () => {
      const reply = received.slice(received.indexOf("=") + 1);
      let status: ResidentStatus | null = null;
      try {
        status = received.includes("=") ? (JSON.parse(reply) as ResidentStatus) : null;
      } catch {
        status = null;
      }
      if (op === "stop" && status !== null) {
        await askStop(home);
      }
      done(status);
    });
  });
}

function askStop(home: string): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(socketPath(home));
    let sent = false;
    socket.setTimeout(SILENCE_MS, () => socket.destroy());
    socket.on("close", () => resolve());
    socket.on("error", () => resolve());
    socket.on("data", () => {
      if (sent) return;
      sent = true;
      socket.write(encodeRequest({ op: "stop" }, Buffer.alloc(0)));
    });
  });
}
