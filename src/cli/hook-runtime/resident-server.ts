/**
 * The resident hook server (docs/decisions/hook-resident.md): one per home, started by the
 * client's fallback (./resident-client.ts), answering hook calls with the same judgement as the
 * in-process path (`judgeHookText`, loaded from dist/hook.cjs) without a new Node process each.
 *
 * - One Unix socket in `<home>/run` (0700, this user's); nothing on the network.
 * - One call at a time: each runs in the caller's environment, cwd and umask, set around it.
 * - Each call's appends are journalled (./resident-journal.ts) so a fallback after a kill -9
 *   neither loses nor doubles a record.
 * - Exits when idle for its idle period, when its socket is replaced (a newer server) or
 *   removed, when its home is removed, and on SIGTERM/SIGINT.
 */
import { chmodSync, mkdirSync, statSync, unlinkSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import { hasCode } from "../../errors/index.js";
import { CallJournal, type JournalAnswer } from "./resident-journal.js";
import {
  CALLS_DIR,
  DEFAULT_IDLE_SECONDS,
  decodeRequest,
  HEARTBEAT_MS,
  type ResidentRequest,
  type ResidentStatus,
  runDir,
  socketPath,
  unsafeRunDir,
} from "./resident-protocol.js";

/** What the server runs of dist/hook.cjs. */
export interface ResidentHooks {
  isAgent(name: string): boolean;
  judgeHookText(
    agent: string,
    text: string,
    options: { home: string; beforeWrite: CallJournal["beforeWrite"] },
  ): Promise<JournalAnswer>;
}

const ID = /^[a-z0-9-]{1,64}$/;
const CHECK_MS = 2000;

/** A Promise that settles when the server stops; rejects when it could not start at all. */
export async function serveHooks(
  home: string,
  digest: string,
  hooks: ResidentHooks,
  env: NodeJS.ProcessEnv,
): Promise<string> {
  const idleSeconds = Number(env.TRAILSEAL_HOOK_SERVER_IDLE_SECONDS ?? DEFAULT_IDLE_SECONDS);
  const idleMs =
    (Number.isFinite(idleSeconds) && idleSeconds > 0 ? idleSeconds : DEFAULT_IDLE_SECONDS) * 1000;
  const dir = runDir(home);
  const path = socketPath(home);
  statSync(home); // no home, no server
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if (!hasCode(error, "EEXIST")) throw error;
  }
  const unsafe = unsafeRunDir(dir);
  if (unsafe) throw new Error(`refusing to serve: ${unsafe}`);
  try {
    mkdirSync(`${dir}/${CALLS_DIR}`, { mode: 0o700 });
  } catch (error) {
    if (!hasCode(error, "EEXIST")) throw error;
  }

  const server = createServer();
  if (!(await listen(server, path, digest))) return "another server of this build is running";
  chmodSync(path, 0o600);
  // Its socket, told apart from a later one at the same path: an inode number is reused at once.
  const identity = fileIdentity(path);
  const startedAt = new Date().toISOString();
  let calls = 0;
  let lastActive = Date.now();
  let queue: Promise<void> = Promise.resolve();
  let active = 0;
  // Every connection with a call, running or queued behind another: each gets the heartbeat, so
  // a client queued behind a long call (a lock wait, witness_before) does not give up on it.
  const waiting = new Set<Socket>();
  const heartbeat = setInterval(() => {
    for (const socket of waiting) socket.write(".");
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return new Promise<string>((resolve) => {
    let stopped = false;
    const stop = (why: string) => {
      if (stopped) return;
      stopped = true;
      clearInterval(check);
      clearInterval(heartbeat);
      // Closing the listening socket unlinks its path (libuv does), which may be a newer
      // server's by now: close it only while the path is still this one's; the process exits next.
      let own = false;
      try {
        own = fileIdentity(path) === identity;
      } catch {
        // gone already
      }
      if (own) server.close();
      resolve(why);
    };
    const check = setInterval(
      () => {
        try {
          statSync(home);
        } catch {
          return stop("its home was removed");
        }
        try {
          if (fileIdentity(path) !== identity) return stop("its socket was replaced");
        } catch {
          return stop("its socket was removed");
        }
        if (active === 0 && Date.now() - lastActive > idleMs) stop("idle");
      },
      Math.min(CHECK_MS, idleMs),
    );
    check.unref();
    process.once("SIGTERM", () => stop("SIGTERM"));
    process.once("SIGINT", () => stop("SIGINT"));

    server.on("connection", (socket: Socket) => {
      socket.on("error", () => undefined);
      socket.write(`${JSON.stringify({ pid: process.pid, digest })}\n`);
      let received: Buffer = Buffer.alloc(0);
      let taken = false;
      socket.on("data", (chunk: Buffer) => {
        if (taken) return;
        received = received.length === 0 ? chunk : Buffer.concat([received, chunk]);
        const request = decodeRequest(received);
        if (request === "incomplete") return;
        taken = true;
        received = Buffer.alloc(0);
        lastActive = Date.now();
        if (request === null) return void socket.end(`=${JSON.stringify({ refused: "garbled request" })}`);
        const { header, payload } = request;
        if (header.op === "status") {
          const status: ResidentStatus = {
            pid: process.pid,
            digest,
            home,
            calls,
            startedAt,
            idleSeconds: idleMs / 1000,
          };
          return void socket.end(`=${JSON.stringify(status)}`);
        }
        if (header.op === "stop") {
          socket.end(`=${JSON.stringify({ stopping: true })}`);
          return stop("asked to stop");
        }
        active += 1;
        waiting.add(socket);
        socket.on("close", () => waiting.delete(socket));
        queue = queue.then(async () => {
          try {
            await answerCall(socket, header as ResidentRequest, payload);
          } finally {
            waiting.delete(socket);
            active -= 1;
            calls += 1;
            lastActive = Date.now();
          }
        });
      });
    });

    async function answerCall(socket: Socket, header: ResidentRequest, payload: Buffer): Promise<void> {
      const refuse = (why: string) => socket.end(`=${JSON.stringify({ refused: why })}`);
      if (header.op !== "hook" || header.digest !== digest) return void refuse("another build");
      if (header.home !== home) return void refuse("another home");
      if (typeof header.id !== "string" || !ID.test(header.id)) return void refuse("bad call id");
      if (typeof header.agent !== "string" || !hooks.isAgent(header.agent))
        return void refuse("not an agent");
      // The client gave up while this call was queued: it judges in-process (nothing was done here).
      if (socket.destroyed || socket.readableEnded) return;
      try {
        useEnvironment(header.env);
        process.chdir(header.cwd);
        process.umask(header.umask);
      } catch {
        return void refuse("cannot take the caller's environment");
      }
      const journal = new CallJournal(home, header.id);
      try {
        const result = await hooks.judgeHookText(header.agent, payload.toString("utf8"), {
          home,
          beforeWrite: journal.beforeWrite,
        });
        const answer = { stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode };
        journal.answered(answer);
        waiting.delete(socket);
        await new Promise<void>((done) => socket.end(`=${JSON.stringify(answer)}`, done));
      } catch {
        // The client falls back and reads the journal (nothing is removed here).
        waiting.delete(socket);
        socket.destroy();
        return;
      }
      journal.remove();
    }
  });
}

function fileIdentity(path: string): string {
  const stat = statSync(path, { bigint: true });
  return `${stat.dev}:${stat.ino}:${stat.ctimeNs}:${stat.birthtimeNs}`;
}

/** The caller's environment for the next call: process.env holds exactly `env`. */
function useEnvironment(env: Record<string, string | undefined>): void {
  for (const name of Object.keys(process.env)) if (!Object.hasOwn(env, name)) delete process.env[name];
  for (const [name, value] of Object.entries(env))
    if (typeof value === "string" && process.env[name] !== value) process.env[name] = value;
}

/**
 * Binds `path`; false when a live server of the same build holds it. A stale socket (nobody
 * answering) or another build's server is replaced: the old one sees its socket gone and exits.
 */
async function listen(server: Server, path: string, digest: string): Promise<boolean> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(path, () => {
          server.off("error", reject);
          resolve();
        });
      });
      return true;
    } catch (error) {
      if (!hasCode(error, "EADDRINUSE") || attempt > 0) throw error;
      if ((await helloOf(path))?.digest === digest) return false;
      try {
        unlinkSync(path);
      } catch {
        // someone else replaced it meanwhile: the next listen says
      }
    }
  }
}

function helloOf(path: string): Promise<{ pid: number; digest: string } | null> {
  return new Promise((resolve) => {
    const socket = connect(path);
    let text = "";
    const done = (value: { pid: number; digest: string } | null) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(1000, () => done(null));
    socket.on("error", () => done(null));
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
      const end = text.indexOf("\n");
      if (end < 0) return;
      try {
        done(JSON.parse(text.slice(0, end)) as { pid: number; digest: string });
      } catch {
        done(null);
      }
    });
  });
}
