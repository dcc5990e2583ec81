import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { auditGitDir, initLog } from "../../../src/witness/gitlog/index.js";
import { CONFORMANCE_CHECKER, CLI as cli } from "../../helpers/cli.js";
import { verifyEveryCommit } from "./git-check.js";

const checker = CONFORMANCE_CHECKER ?? "";

let tmp: string | null = null;
let child: ChildProcess | null = null;
afterEach(async () => {
  if (child && child.exitCode === null) child.kill("SIGTERM");
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe.skipIf(!checker || !existsSync(checker))("conformance of witness serve --store <git log>", () => {
  it("passes witness_conformance.py, and the log it leaves verifies", async () => {
    tmp = await mkdtemp(join(tmpdir(), "ts-gitlog-conf-"));
    const home = join(tmp, "home");
    const { gitdir } = await initLog(join(tmp, "log.git"), {
      home,
      bare: true,
      origin: "test.example/conformance",
    });
    const proc = spawn(
      process.execPath,
      [
        cli,
        "--home",
        home,
        "witness",
        "serve",
        "--port",
        "0",
        "--store",
        gitdir,
        "--token",
        "conformance-token",
      ],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    child = proc;
    const url = await new Promise<string>((resolveUrl, reject) => {
      let text = "";
      proc.stdout!.on("data", (chunk: Buffer) => {
        text += chunk.toString();
        const match = /http:\/\/127\.0\.0\.1:\d+/.exec(text);
        if (match) resolveUrl(match[0]);
      });
      proc.on("exit", (code) => reject(new Error(`server exited ${code}`)));
    });
    const result = await new Promise<{ code: number; out: string }>((done) => {
      execFile("python3", [checker, url, "--token", "conformance-token"], (error, stdout) =>
        done({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, out: stdout }),
      );
    });
    expect(result.out).toMatch(/ 0 failed/);
    expect(result.code).toBe(0);
    proc.kill("SIGTERM");
    await new Promise((r) => proc.once("exit", r));
    expect(verifyEveryCommit(gitdir)).toBeGreaterThan(1);
    expect((await auditGitDir(gitdir)).ok).toBe(true);
  }, 120_000);
});
