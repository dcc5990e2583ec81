/**
 * The Go cross-check (test/crosscheck/go/main.go: golang.org/x/mod's sumdb/note and sumdb/tlog)
 * of a log kept in PostgreSQL: two replicas on one real database receive 300 anchors in three
 * rounds (sizes 100, 256, 300); the checkpoint, hash tiles and entry bundles are fetched over
 * HTTP from both replicas (C2SP tlog-tiles paths under /log/), and the Go program must accept
 * them and the two older checkpoints. The git mirror the replicas publish must pass it too.
 * Skipped (with a message) without Go or PostgreSQL; each has its own REQUIRE variable in CI.
 */
import { execFile, execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entryBundlePath, TILE_WIDTH, tilePath, tilesOfTree } from "../../src/tlog/index.js";
import type { PostgresLog as Replica } from "../../src/witness/postgres/index.js";
import { ROUTES } from "../../src/witness/protocol/index.js";
import { type RunningWitnessServer, startWitnessServer } from "../../src/witness/server/index.js";
import { REPO_ROOT, tempDir } from "../helpers/cli.js";
import { type PostgresLog, postgresLogs } from "../witness/postgres/fixtures.js";
import { sampleRequest } from "../witness/server/storage-contract.js";

const X_MOD_GOPATH = "/usr/share/gocode";

function goMissing(): string | null {
  try {
    execFileSync("go", ["version"], { stdio: "pipe" });
  } catch {
    return "`go` is not on PATH";
  }
  return existsSync(join(X_MOD_GOPATH, "src", "golang.org", "x", "mod", "sumdb", "tlog"))
    ? null
    : `golang.org/x/mod sources are not under ${X_MOD_GOPATH}`;
}

const missingGo = goMissing();
if (missingGo) console.warn(`skipping the Go cross-check of the PostgreSQL log: ${missingGo}`);
const pgLogs = postgresLogs("the Go cross-check of the PostgreSQL log");

function run(
  cmd: string,
  args: string[],
  env = process.env,
  cwd?: string,
): Promise<{ code: number; out: string }> {
  return new Promise((done) => {
    execFile(cmd, args, { env, cwd, maxBuffer: 16 << 20 }, (error, stdout, stderr) =>
      done({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

describe.skipIf(missingGo !== null || !pgLogs.available)(
  "the PostgreSQL log checked by Go's sumdb/tlog",
  () => {
    let tmp: { dir: string; cleanup: () => Promise<void> };
    let checker: string;
    let log: PostgresLog;
    let replicas: Replica[] = [];
    let servers: RunningWitnessServer[] = [];
    const older: string[] = [];

    beforeAll(async () => {
      tmp = await tempDir("ts-crosscheck-pg-");
      checker = join(tmp.dir, "crosscheck");
      const built = await run(
        "go",
        ["build", "-o", checker, "."],
        {
          ...process.env,
          GO111MODULE: "off",
          GOPATH: `${X_MOD_GOPATH}:${join(tmp.dir, "gopath")}`,
          GOFLAGS: "",
          GOCACHE: join(tmp.dir, "gocache"),
        },
        join(REPO_ROOT, "test", "crosscheck", "go"),
      );
      expect(built.out).toBe("");
      expect(built.code).toBe(0);
      log = await pgLogs.newLog("test.example/pg-crosscheck");
      replicas = [await log.open({ mirrorIntervalMs: 20 }), await log.open({ mirrorIntervalMs: 20 })];
      servers = [
        await startWitnessServer({ storage: replicas[0]! }),
        await startWitnessServer({ storage: replicas[1]! }),
      ];
      let sent = 0;
      for (const size of [100, 256, 300]) {
        await Promise.all(
          Array.from({ length: size - sent }, (_, i) =>
            replicas[(sent + i) % 2]!.append(sampleRequest(sent + i)),
          ),
        );
        sent = size;
        if (size < 300) {
          const file = join(tmp.dir, `checkpoint-${size}`);
          await writeFile(file, await fetchBytes(servers[size % 2]!, "checkpoint"));
          older.push(file);
        }
      }
    }, 180_000);

    afterAll(async () => {
      for (const server of servers) await server.close();
      await log?.cleanup();
      await tmp?.cleanup();
    }, 60_000);

    async function fetchBytes(server: RunningWitnessServer, path: string): Promise<Buffer> {
      const response = await fetch(`${server.url}${ROUTES.log}/${path}`);
      expect(response.status, path).toBe(200);
      return Buffer.from(await response.arrayBuffer());
    }

    it("accepts the checkpoint, tiles and bundles served over HTTP by the two replicas", async () => {
      const dir = join(tmp.dir, "served");
      const health = (await (await fetch(`${servers[0]!.url}${ROUTES.health}`)).json()) as Record<
        string,
        string
      >;
      const files = new Map<string, Buffer>();
      files.set(
        "trailseal-log.json",
        Buffer.from(JSON.stringify({ origin: health.origin, verifier_key: health.verifier_key })),
      );
      files.set("checkpoint", await fetchBytes(servers[0]!, "checkpoint"));
      let n = 0;
      for (const { level, index, width } of tilesOfTree(300)) {
        files.set(
          tilePath(level, index, width),
          await fetchBytes(servers[n++ % 2]!, tilePath(level, index, width)),
        );
      }
      for (let index = 0; index * TILE_WIDTH < 300; index++) {
        const width = Math.min(TILE_WIDTH, 300 - index * TILE_WIDTH);
        const path = entryBundlePath(index, width);
        files.set(path, await fetchBytes(servers[index % 2]!, path));
      }
      for (const [path, bytes] of files) {
        await mkdir(dirname(join(dir, path)), { recursive: true });
        await writeFile(join(dir, path), bytes);
      }
      const result = await run(checker, [dir, ...older]);
      expect(result.out).toMatch(
        /^ok {3}checkpoint: note\.Open verifies it with test\.example\/pg-crosscheck; size 300$/m,
      );
      expect(result.out).toMatch(/^ok {3}tlog\.TreeHash of the entries equals the checkpoint root$/m);
      expect(result.out).toMatch(/^ok {3}tile\/1\/000\.p\/1: equals/m);
      expect(result.out.match(/^ok {3}older checkpoint .*CheckTree$/gm)).toHaveLength(2);
      expect(result.out).not.toMatch(/^FAIL/m);
      expect(result.code).toBe(0);
    });

    it("accepts the git mirror the elected replica published", async () => {
      for (let i = 0; i < 400; i++) {
        await Promise.all(replicas.map((r) => r.mirror!.poke()));
        if (replicas.some((r) => r.mirror!.status().leader && r.mirror!.status().mirror_size === 300)) break;
      }
      const work = join(tmp.dir, "mirror-work");
      execFileSync("git", ["clone", "-q", log.mirror, work], { stdio: "pipe" });
      const result = await run(checker, [work, ...older]);
      expect(result.out).toMatch(/; size 300$/m);
      expect(result.out).not.toMatch(/^FAIL/m);
      expect(result.code).toBe(0);
    });
  },
);
