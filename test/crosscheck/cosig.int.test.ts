/**
 * Independent cross-check of cosignature/v1 (c2sp.org/tlog-cosignature) with Go's
 * golang.org/x/mod/sumdb/note (test/crosscheck/cosig/main.go): Go's note.Open must accept a
 * checkpoint trailseal cosigned, reject it once a cosignature byte changes, and Go's signer must
 * produce the very line trailseal produces for the same key, time and checkpoint. And a
 * sumdb-style log written in Go uses a real `witness serve --cosign-logs` as its witness.
 * Skipped when `go` or Debian's x/mod sources are missing, unless TRAILSEAL_REQUIRE_GO=1 (CI).
 */
import { execFile, execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  appendCosignatures,
  cosignCheckpoint,
  cosignerFromSeed,
  formatCosignerVkey,
  noteSignerFromSeed,
  parseWitnessPolicy,
  verifierKey,
} from "../../src/tlog/index.js";
import {
  type CosignFetch,
  createCheckpointWitness,
  memoryCosignState,
} from "../../src/witness/cosign/index.js";
import { cosignLog, initLog, openGitStorage } from "../../src/witness/gitlog/index.js";
import { REPO_ROOT, runCli, startCli, tempDir } from "../helpers/cli.js";
import { monitoringReply, seed, ToyLog } from "../witness/cosign/fixtures.js";
import { sampleRequest } from "../witness/server/storage-contract.js";

const GO_SOURCE = join(REPO_ROOT, "test", "crosscheck", "cosig");
const X_MOD_GOPATH = "/usr/share/gocode";

function goMissing(): string | null {
  try {
    execFileSync("go", ["version"], { stdio: "pipe" });
  } catch {
    return "`go` is not on PATH";
  }
  if (!existsSync(join(X_MOD_GOPATH, "src", "golang.org", "x", "mod", "sumdb", "note")))
    return `golang.org/x/mod sources are not under ${X_MOD_GOPATH}`;
  return null;
}
const missing = goMissing();
const required = process.env.TRAILSEAL_REQUIRE_GO === "1";
const INSTALL_HINT = "apt-get install golang-go golang-golang-x-mod-dev";
if (missing && !required)
  console.warn(
    `skipping the Go cosignature cross-check: ${missing} (${INSTALL_HINT}; TRAILSEAL_REQUIRE_GO=1 makes this fail)`,
  );

function run(cmd: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  return new Promise<{ code: number; out: string }>((done) =>
    execFile(cmd, args, { ...options, maxBuffer: 1 << 20 }, (error, stdout, stderr) =>
      done({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
    ),
  );
}

describe.runIf(missing && required)(
  "Go cosignature cross-check prerequisites (TRAILSEAL_REQUIRE_GO=1)",
  () => {
    it("has go and golang.org/x/mod", () => {
      expect.fail(`${missing}: ${INSTALL_HINT}`);
    });
  },
);

describe.skipIf(missing !== null)("cosignature/v1 checked by Go's sumdb/note", () => {
  let tmp: { dir: string; cleanup: () => Promise<void> };
  let checker: string;
  const log = ToyLog.create("example.com/crosscheck", 3).grow(300);
  const w1 = cosignerFromSeed("witness.example/w1", seed(21));
  const w2 = cosignerFromSeed("witness.example/w2", seed(22));

  beforeAll(async () => {
    tmp = await tempDir("ts-crosscheck-cosig-");
    checker = join(tmp.dir, "cosig");
    const built = await run("go", ["build", "-o", checker, "."], {
      cwd: GO_SOURCE,
      env: {
        ...process.env,
        GO111MODULE: "off",
        GOPATH: `${X_MOD_GOPATH}:${join(tmp.dir, "gopath")}`,
        GOFLAGS: "",
        GOCACHE: join(tmp.dir, "gocache"),
      },
    });
    expect(built).toEqual({ code: 0, out: "" });
  });
  afterAll(() => tmp?.cleanup());

  it("Go verifies the log signature and both cosignatures, and rejects a changed one", async () => {
    const text = log.text();
    const note = appendCosignatures(log.checkpoint(), [
      cosignCheckpoint(text, w1, 1_700_000_000),
      cosignCheckpoint(text, w2, 1_700_000_123),
    ]);
    const file = join(tmp.dir, "cosigned");
    await writeFile(file, note);
    const vkeys = [formatCosignerVkey(w1), formatCosignerVkey(w2)];
    const ok = await run(checker, ["verify", file, log.vkey, ...vkeys]);
    expect(ok.out).toBe(
      `ok example.com/crosscheck+${log.vkey.split("+")[1]}\nok ${vkeys[0]!.split("+").slice(0, 2).join("+")}\nok ${vkeys[1]!.split("+").slice(0, 2).join("+")}\n`,
    );
    expect(ok.code).toBe(0);

    const lines = note.split("\n");
    const last = lines.at(-2)!;
    const raw = Buffer.from(last.split(" ")[2]!, "base64");
    raw[20] = raw[20]! ^ 1;
    lines[lines.length - 2] = `${last.split(" ").slice(0, 2).join(" ")} ${raw.toString("base64")}`;
    await writeFile(file, lines.join("\n"));
    const bad = await run(checker, ["verify", file, log.vkey, ...vkeys]);
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/^FAIL note.Open/);
  });

  it("Go's cosignature line for the same key, time and checkpoint is byte for byte trailseal's", async () => {
    for (const [size, t] of [
      [1, 0],
      [256, 1_679_315_147],
      [300, 2 ** 40],
    ] as const) {
      const text = log.text(size);
      const file = join(tmp.dir, `text-${size}`);
      await writeFile(file, text);
      const go = await run(checker, [
        "sign",
        w1.name,
        Buffer.from(seed(21)).toString("hex"),
        String(t),
        file,
      ]);
      expect(go.code).toBe(0);
      expect(go.out).toBe(cosignCheckpoint(text, w1, t));
    }
  });

  it("a trailseal git log whose checkpoint carries cosignatures: Go verifies them, and the log check still passes", async () => {
    // A real git log, cosigned by `witness cosign`'s code path (in-process witness), committed.
    const home = join(tmp.dir, "home");
    const { gitdir } = await initLog(join(tmp.dir, "log.git"), {
      home,
      bare: true,
      origin: "crosscheck.example/cosigned",
    });
    const storage = await openGitStorage(gitdir, { home });
    await Promise.all(Array.from({ length: 300 }, (_, i) => storage.append(sampleRequest(i))));
    await storage.close();
    const logVkey = JSON.parse(
      execFileSync("git", ["--git-dir", gitdir, "show", "main:trailseal-log.json"], { encoding: "utf8" }),
    ).verifier_key;
    const witness = createCheckpointWitness({
      logs: parseWitnessPolicy(`log ${logVkey}\n`, { requireQuorum: false }).logs,
      cosigner: w1,
      store: memoryCosignState(),
    });
    const fetch: CosignFetch = async (url, init) => {
      const monitoring = await monitoringReply(witness, url, init);
      if (monitoring) return monitoring;
      const body = await witness.addCheckpoint(Buffer.from(init.body ?? ""));
      return { status: 200, headers: { get: () => "text/plain" }, text: async () => body };
    };
    const policy = parseWitnessPolicy(
      `log ${logVkey}\nwitness w1 ${formatCosignerVkey(w1)} https://w1.example\nquorum w1\n`,
    );
    const result = await cosignLog({
      dir: gitdir,
      policy,
      cosignedDir: join(tmp.dir, "cosigned-checkpoints"),
      home,
      fetch,
    });
    expect(result.published).toMatchObject({ status: "committed" });

    const work = join(tmp.dir, "work");
    execFileSync("git", ["clone", "-q", gitdir, work]);
    const ok = await run(checker, ["verify", join(work, "checkpoint"), logVkey, formatCosignerVkey(w1)]);
    expect(ok.code, ok.out).toBe(0);

    // H2's independent log checker (sumdb/note + sumdb/tlog) accepts the cosigned checkpoint too.
    const logChecker = join(tmp.dir, "crosscheck");
    const built = await run("go", ["build", "-o", logChecker, "."], {
      cwd: join(REPO_ROOT, "test", "crosscheck", "go"),
      env: {
        ...process.env,
        GO111MODULE: "off",
        GOPATH: `${X_MOD_GOPATH}:${join(tmp.dir, "gopath")}`,
        GOFLAGS: "",
        GOCACHE: join(tmp.dir, "gocache"),
      },
    });
    expect(built.code, built.out).toBe(0);
    const checked = await run(logChecker, [work]);
    expect(checked.code, checked.out).toBe(0);
  }, 120_000);

  it("a sumdb-style log in Go (sumdb/tlog, sumdb/note) uses `witness serve --cosign-logs` as its witness", async () => {
    const origin = "go.example/sumdb-style-log";
    const logSeed = seed(33);
    const signer = noteSignerFromSeed(origin, logSeed);
    const policy = join(tmp.dir, "go-logs.policy");
    await writeFile(policy, `log ${verifierKey(signer.name, signer.publicKey)}\n`);
    const keyFile = join(tmp.dir, "go-witness.key");
    const keygen = await runCli(["witness", "keygen", "--cosigner", "w.example/for-go", "--out", keyFile]);
    expect(keygen.code).toBe(0);
    const started = startCli([
      "--home",
      join(tmp.dir, "go-witness-home"),
      "witness",
      "serve",
      "--port",
      "0",
      "--cosign-logs",
      policy,
      "--cosigner-key",
      keyFile,
    ]);
    const server = started.child;
    try {
      const url = await started.firstLine;
      const go = await run(checker, [
        "submit",
        url,
        origin,
        Buffer.from(logSeed).toString("hex"),
        keygen.stdout.trim(),
      ]);
      expect(go.out).toBe(
        'monitoring before: 404\nold 0 size 7: 200\nold 0 size 20: 409 text/x.tlog.size "7\\n"\nold 7 size 20: 200\n' +
          "old 20 another size 20: 422\nmonitoring: 200 size 20 cosigned true\n",
      );
      expect(go.code).toBe(0);
    } finally {
      server.kill("SIGKILL");
    }
  }, 60_000);
});
