/**
 * The resident hook server (docs/decisions/hook-resident.md): one per home, started by the
 * client's fallback (./resident-client.ts), answering hook calls with the same judgement as the
 * in-process path (`judgeHookText`, loaded from dist/hook.cjs) without a new Node process each.
 *
 * - Requests come through its spool (./resident-protocol.ts), in memory (a tmpfs), 0700 and this
 *   user's; nothing on the network, no socket.
 * - One call at a time: each runs in the caller's environment, cwd and umask, set around it.
 * - Each call's appends are journalled (./resident-journal.ts) so a fallback after a kill -9
 *   neither loses nor doubles a record.
 * - Exits when idle for its idle period, when its server.json is replaced (a newer server) or
 *   removed, when its home is removed, and on SIGTERM/SIGINT.
 */
import {
  existsSync,
  type FSWatcher,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statfsSync,
  statSync,
  unlinkSync,
  utimesSync,
  watch,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { hasCode } from "../../errors/index.js";
import { CallJournal, type JournalAnswer, writeAnswer } from "./resident-journal.js";
import {
  CALL_ID,
  DEFAULT_IDLE_SECONDS,
  decodeRequest,
  HEARTBEAT_MS,
  processStart,
  type ResidentRequest,
  type ResidentStatus,
  readServerInfo,
  runDir,
  type ServerInfo,
  START_FAILED_FILE,
  serverAlive,
  serverFile,
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

/**
 * Why a server stops when its home (or its server.json) is being removed: it then writes nothing
 * more into the home (not even its log), which would keep the removal from finishing.
 */
export const REMOVED = "its home or its server.json was removed";

/** How often the server looks at its home, its server.json, its idle time and the spool. */
const CHECK_MS = 2000;
/** A dead server's spool untouched this long is a left-over (its clients' fallbacks are long done): removed. */
const STALE_MS = 10 * 60 * 1000;
/** statfs types of memory file systems: tmpfs, ramfs. */
const IN_MEMORY = new Set([0x01021994, 0x858458f6]);

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
  statSync(home); // no home, no server
  makeDir(dir);
  const unsafe = unsafeRunDir(dir);
  if (unsafe) throw new Error(`refusing to serve: ${unsafe}`);
  const start = processStart(process.pid);
  if (start === null) throw new Error("cannot read this process's start time (/proc)");
  const other = readServerInfo(home);
  if (other !== null && other.pid !== process.pid && other.digest === digest && serverAlive(other))
    return "another server of this build is running";
  const spool = makeSpool(env, start);

  const me: ServerInfo = { pid: process.pid, start, digest, spool };
  const published = JSON.stringify(me);
  const startedAt = new Date().toISOString();
  let calls = 0;
  let lastActive = Date.now();
  let queue: Promise<void> = Promise.resolve();
  let active = 0;
  // Every claimed call, running or queued behind another: each claim is touched, so a client
  // queued behind a long call (a lock wait, witness_before) does not give up on it.
  const claimed = new Set<string>();
  const heartbeat = setInterval(() => {
    const now = new Date();
    for (const id of claimed) {
      try {
        utimesSync(join(spool, `${id}.taken`), now, now);
      } catch {
        // its client took the claim back after a kill: nothing to keep alive
      }
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return new Promise<string>((resolve) => {
    let stopped = false;
    let watcher: FSWatcher | undefined;
    const stop = (why: string) => {
      if (stopped) return;
      stopped = true;
      watcher?.close();
      clearInterval(check);
      // server.json goes only while it is still this server's (a newer one may have replaced it).
      if (ownsServerFile()) remove(serverFile(home));
      // Calls already claimed are answered first; requests not claimed are taken back by their
      // clients. The spool goes only once empty: an answer not read yet stays for its client.
      void queue.then(async () => {
        clearInterval(heartbeat);
        for (let waited = 0; waited < 1000 && !removeEmpty(spool); waited += 20)
          await new Promise((done) => setTimeout(done, 20));
        resolve(why);
      });
    };
    const ownsServerFile = () => {
      try {
        return readFileSync(serverFile(home), "utf8") === published;
      } catch {
        return false;
      }
    };
    const check = setInterval(
      () => {
        try {
          statSync(home);
        } catch {
          return stop(REMOVED);
        }
        if (!ownsServerFile())
          return stop(existsSync(serverFile(home)) ? "its server.json was replaced" : REMOVED);
        if (active === 0 && Date.now() - lastActive > idleMs) return stop("idle");
        sweep(); // a request whose notification was lost (an overflowing inotify queue)
      },
      Math.min(CHECK_MS, idleMs),
    );
    check.unref();
    process.once("SIGTERM", () => stop("SIGTERM"));
    process.once("SIGINT", () => stop("SIGINT"));

    // Watching before publishing: a request written right after server.json appears is seen.
    watcher = watch(spool, (_event, name) => {
      if (typeof name === "string" && name.endsWith(".req")) claim(name.slice(0, -4));
    });
    watcher.on("error", () => stop("its spool went away"));
    const temporary = join(dir, `${process.pid}.server.tmp`);
    writeFileSync(temporary, published, { mode: 0o600 });
    renameSync(temporary, serverFile(home));
    remove(join(dir, START_FAILED_FILE));
    sweep();

    function sweep(): void {
      let names: string[];
      try {
        names = readdirSync(spool);
      } catch {
        return;
      }
      for (const name of names) if (name.endsWith(".req")) claim(name.slice(0, -4));
    }

    /** Claims request `id` if it is for this server: renamed to `<id>.taken`, which succeeds once. */
    function claim(id: string): void {
      if (stopped || !CALL_ID.test(id) || claimed.has(id)) return;
      const req = join(spool, `${id}.req`);
      let request: ReturnType<typeof decodeRequest>;
      try {
        request = decodeRequest(readFileSync(req));
      } catch {
        return; // claimed by another server, or taken back by its client
      }
      // Another server's request (an earlier or a later one): never touched.
      if (request === null || request.header.server !== process.pid || request.header.id !== id) return;
      try {
        renameSync(req, join(spool, `${id}.taken`));
      } catch {
        return; // its client took it back
      }
      lastActive = Date.now();
      const { header, payload } = request;
      if (header.op === "status" || header.op === "stop") {
        const status: ResidentStatus = {
          pid: process.pid,
          digest,
          home,
          calls,
          startedAt,
          idleSeconds: idleMs / 1000,
        };
        answerControl(id, status);
        if (header.op === "stop") stop("asked to stop");
        return;
      }
      const call = header as ResidentRequest;
      claimed.add(id);
      active += 1;
      queue = queue.then(async () => {
        try {
          await answerCall(call, payload);
        } finally {
          claimed.delete(id);
          remove(join(spool, `${id}.taken`));
          active -= 1;
          calls += 1;
          lastActive = Date.now();
        }
      });
    }

    function answerControl(id: string, status: ResidentStatus): void {
      try {
        writeAnswer(spool, id, status);
      } finally {
        remove(join(spool, `${id}.taken`));
      }
    }

    async function answerCall(header: ResidentRequest, payload: Buffer): Promise<void> {
      const refuse = (why: string) => writeAnswer(spool, header.id, { refused: why });
      if (header.op !== "hook" || header.digest !== digest) return refuse("another build");
      if (header.home !== home) return refuse("another home");
      if (typeof header.agent !== "string" || !hooks.isAgent(header.agent)) return refuse("not an agent");
      try {
        useEnvironment(header.env);
        process.chdir(header.cwd);
        process.umask(header.umask);
      } catch {
        return refuse("cannot take the caller's environment");
      }
      const journal = new CallJournal(spool, header.id);
      let answer: JournalAnswer;
      try {
        const result = await hooks.judgeHookText(header.agent, payload.toString("utf8"), {
          home,
          beforeWrite: journal.beforeWrite,
        });
        answer = { stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode };
      } catch (error) {
        // The client falls back and reads the journal (its intents are kept).
        return journal.failed(error instanceof Error ? error.message : String(error));
      }
      journal.answered(answer);
    }
  });
}

function makeDir(dir: string): void {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if (!hasCode(error, "EEXIST")) throw error;
  }
}

/** Removes `dir` if it is empty (an answer not read yet keeps it); whether it is gone. */
function removeEmpty(dir: string): boolean {
  try {
    rmdirSync(dir);
    return true;
  } catch (error) {
    return hasCode(error, "ENOENT");
  }
}

function remove(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // absent
  }
}

/**
 * A fresh spool of this server's own, in memory: `trailseal-<uid>/<pid>-<start>` under the
 * user's runtime directory, `$XDG_RUNTIME_DIR` when set, else `/dev/shm`, if it is a tmpfs and
 * this user's to use. A request holds the payload and the caller's environment unredacted: never
 * on a disk. None: no server.
 */
function makeSpool(env: NodeJS.ProcessEnv, start: string): string {
  const uid = typeof process.getuid === "function" ? process.getuid() : -1;
  const runtime = env.XDG_RUNTIME_DIR;
  const bases = typeof runtime === "string" && runtime.startsWith("/") ? [runtime] : ["/dev/shm"];
  for (const base of bases) {
    try {
      if (!IN_MEMORY.has(Number(statfsSync(base).type))) continue;
      const parent = join(base, `trailseal-${uid}`);
      makeDir(parent);
      if (unsafeRunDir(parent) !== null) continue;
      sweepStale(parent);
      const spool = join(parent, `${process.pid}-${start}`);
      rmSync(spool, { recursive: true, force: true }); // an earlier process's with this pid and start: none alive
      mkdirSync(spool, { mode: 0o700 });
      if (unsafeRunDir(spool) !== null) continue;
      return spool;
    } catch {
      // not usable: the next
    }
  }
  throw new Error(`no memory file system for the spool (${bases[0]} is not a tmpfs of this user's)`);
}

/** Spools of servers that are gone, untouched for STALE_MS (answers nobody read, journals nobody took). */
function sweepStale(parent: string): void {
  const old = Date.now() - STALE_MS;
  for (const name of readdirSync(parent)) {
    const [pid, start] = name.split("-");
    // Empty: nothing left for anyone to read.
    if (processStart(Number(pid)) === start || removeEmpty(join(parent, name))) continue;
    try {
      if (statSync(join(parent, name)).mtimeMs < old)
        rmSync(join(parent, name), { recursive: true, force: true });
    } catch {
      // gone meanwhile
    }
  }
}

/** The caller's environment for the next call: process.env holds exactly `env`. */
function useEnvironment(env: Record<string, string | undefined>): void {
  for (const name of Object.keys(process.env)) if (!Object.hasOwn(env, name)) delete process.env[name];
  for (const [name, value] of Object.entries(env))
    if (typeof value === "string" && process.env[name] !== value) process.env[name] = value;
}
