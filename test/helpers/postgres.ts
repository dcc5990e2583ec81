/**
 * A real PostgreSQL server for a test file: `initdb` into a temporary directory, `pg_ctl start`
 * listening only on a Unix socket inside that directory (no TCP port to collide with another
 * test), trust authentication for the superuser `postgres`, stopped and removed at the end.
 * initdb refuses to run as root: as root, the server runs as the `postgres` user (Debian's
 * package creates it) with the directory handed to it.
 *
 * `postgresMissing()` says why there is no server to start (tests then skip with that message,
 * unless TRAILSEAL_REQUIRE_POSTGRES=1, as CI sets: then they fail).
 */
import { execFile, execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chmod, chown, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

export const POSTGRES_REQUIRED = process.env.TRAILSEAL_REQUIRE_POSTGRES === "1";
export const POSTGRES_INSTALL_HINT = "apt-get install postgresql";

/** The directory of initdb/pg_ctl: $TRAILSEAL_PG_BIN, else Debian's newest /usr/lib/postgresql/<v>/bin. */
function binDir(): string | null {
  const given = process.env.TRAILSEAL_PG_BIN;
  if (given) return existsSync(join(given, "initdb")) ? given : null;
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], "bin") : null;
}

/** The unprivileged user to run the server as when we are root. */
function serverUser(): { name: string; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  for (const name of ["postgres", "nobody"]) {
    try {
      const uid = Number(execFileSync("id", ["-u", name]).toString().trim());
      const gid = Number(execFileSync("id", ["-g", name]).toString().trim());
      return { name, uid, gid };
    } catch {}
  }
  return null;
}

/** Why no test server can be started here, or null. */
export function postgresMissing(): string | null {
  const bin = binDir();
  if (!bin) return "PostgreSQL's initdb is not under /usr/lib/postgresql/<version>/bin ($TRAILSEAL_PG_BIN)";
  if (process.getuid?.() === 0 && !serverUser())
    return "running as root with no unprivileged user for initdb";
  return null;
}

/** Logs the skip (or nothing) and returns whether the PostgreSQL tests of a file run. */
export function postgresAvailable(what: string): boolean {
  const missing = postgresMissing();
  if (missing && !POSTGRES_REQUIRED)
    console.warn(
      `skipping ${what}: ${missing} (${POSTGRES_INSTALL_HINT}; TRAILSEAL_REQUIRE_POSTGRES=1 makes this fail)`,
    );
  return missing === null;
}

export interface TestPostgres {
  /** The Unix socket directory (the server's temp dir). */
  socketDir: string;
  /** A fresh, empty database; its postgres:// URL. */
  createDatabase(): Promise<string>;
  /** Stops the server (mode fast: connections are cut; immediate: a crash, recovery on start). */
  stop(mode?: "fast" | "immediate"): Promise<void>;
  start(): Promise<void>;
  /** Stops and removes everything. */
  destroy(): Promise<void>;
}

function run(cmd: string, args: string[], user: { name: string } | null): Promise<string> {
  const [file, argv] = user ? ["runuser", ["-u", user.name, "--", cmd, ...args]] : [cmd, args];
  return new Promise((resolve, reject) => {
    execFile(file, argv, { maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${cmd} ${args.join(" ")} failed: ${stderr || stdout || error.message}`));
      else resolve(stdout);
    });
  });
}

let databases = 0;

/** initdb + pg_ctl start in a new temporary directory. */
export async function startPostgres(): Promise<TestPostgres> {
  const bin = binDir();
  if (!bin) throw new Error(postgresMissing() ?? "no PostgreSQL");
  const user = serverUser();
  const dir = await mkdtemp(join(tmpdir(), "ts-pg-"));
  await chmod(dir, 0o700);
  if (user) await chown(dir, user.uid, user.gid);
  const data = join(dir, "data");
  await run(
    join(bin, "initdb"),
    ["-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-locale", "-N"],
    user,
  );
  const pgCtl = (args: string[]) => run(join(bin, "pg_ctl"), ["-D", data, ...args], user);
  // Only the socket in `dir`; a few connections per test replica; fsync stays on (a 201 must
  // survive a crash here as in production).
  const serverOptions = `-k ${dir} -c listen_addresses='' -p 5432 -c max_connections=100 -c shared_buffers=32MB`;
  const start = () => pgCtl(["start", "-w", "-t", "60", "-l", join(dir, "server.log"), "-o", serverOptions]);
  await start();
  const url = (database: string) =>
    `postgres://postgres@localhost/${database}?host=${encodeURIComponent(dir)}&port=5432`;
  let running = true;
  return {
    socketDir: dir,
    async createDatabase() {
      databases += 1;
      const name = `t${process.pid}_${databases}`;
      const admin = new pg.Client({ connectionString: url("postgres") });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return url(name);
    },
    async stop(mode = "fast") {
      await pgCtl(["stop", "-w", "-t", "60", "-m", mode]);
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      if (running) await pgCtl(["stop", "-w", "-t", "60", "-m", "immediate"]).catch(() => undefined);
      running = false;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
