/**
 * A PostgreSQL log for a test: a real server (test/helpers/postgres.ts) started once per file,
 * a fresh database and a fresh mirror git log (with its key in a fresh home) per log.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { initLog } from "../../../src/witness/gitlog/index.js";
import { type OpenPostgresLogOptions, openPostgresLog } from "../../../src/witness/postgres/index.js";
import {
  POSTGRES_INSTALL_HINT,
  POSTGRES_REQUIRED,
  postgresAvailable,
  postgresMissing,
  startPostgres,
  type TestPostgres,
} from "../../helpers/postgres.js";

export interface PostgresLog {
  url: string;
  home: string;
  mirror: string;
  tmp: string;
  /** A replica: the log's storage with its mirror publisher (rounds every 50 ms unless told). */
  open(options?: Partial<OpenPostgresLogOptions>): ReturnType<typeof openPostgresLog>;
  cleanup(): Promise<void>;
}

/** `witness serve` on a free port over this log's database and mirror, with no rate limit. */
export function serveArgs(log: PostgresLog): string[] {
  return [
    "--home",
    log.home,
    "witness",
    "serve",
    "--port",
    "0",
    "--store",
    log.url,
    "--mirror",
    log.mirror,
    "--rate-limit",
    "0",
  ];
}

/**
 * Call at the top of a test file: whether PostgreSQL is there (false: skip, with a message),
 * the server (set in beforeAll) and a factory of logs. With TRAILSEAL_REQUIRE_POSTGRES=1 a
 * missing server fails the file instead.
 */
export function postgresLogs(what: string): {
  available: boolean;
  server: () => TestPostgres;
  newLog: (origin?: string) => Promise<PostgresLog>;
} {
  const available = postgresAvailable(what);
  let server: TestPostgres | undefined;
  if (!available && POSTGRES_REQUIRED)
    describe("PostgreSQL prerequisites (TRAILSEAL_REQUIRE_POSTGRES=1)", () => {
      it("has PostgreSQL", () => {
        throw new Error(`${postgresMissing()}: ${POSTGRES_INSTALL_HINT}`);
      });
    });
  if (available) {
    beforeAll(async () => {
      server = await startPostgres();
    }, 120_000);
    afterAll(async () => {
      await server?.destroy();
    }, 120_000);
  }
  return {
    available,
    server: () => server!,
    async newLog(origin = "test.example/pg") {
      const tmp = await mkdtemp(join(tmpdir(), "ts-pglog-"));
      const home = join(tmp, "home");
      const { gitdir } = await initLog(join(tmp, "log.git"), { home, bare: true, origin });
      const url = await server!.createDatabase();
      return {
        url,
        home,
        mirror: gitdir,
        tmp,
        open: (options = {}) =>
          openPostgresLog(url, { home, mirror: gitdir, mirrorIntervalMs: 50, ...options }),
        cleanup: () => rm(tmp, { recursive: true, force: true }),
      };
    },
  };
}
