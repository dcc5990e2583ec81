import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { auditGitDir, initLog, openGitStorage } from "../../../src/witness/gitlog/index.js";
import type { AnchorRequest } from "../../../src/witness/protocol/index.js";
import { CLI as cli } from "../../helpers/cli.js";
import { sampleRequest } from "../server/storage-contract.js";
import { verifyEveryCommit } from "./git-check.js";

let tmp: string | null = null;
let child: ChildProcess | null = null;
afterEach(async () => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

function startServer(home: string, store: string): Promise<{ proc: ChildProcess; url: string }> {
  const proc = spawn(
    process.execPath,
    [cli, "--home", home, "witness", "serve", "--port", "0", "--store", store, "--rate-limit", "0"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  return new Promise((resolvePromise, reject) => {
    let text = "";
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:\d+/.exec(text);
      if (match) resolvePromise({ proc, url: match[0] });
    };
    proc.stdout!.on("data", onData);
    proc.stderr!.on("data", onData);
    proc.on("exit", (code) => reject(new Error(`server exited (${code}): ${text}`)));
  });
}

describe("kill -9 of witness serve --store <git log> under load", () => {
  it("loses no anchor it answered 201 for", async () => {
    tmp = await mkdtemp(join(tmpdir(), "ts-gitlog-crash-"));
    const home = join(tmp, "home");
    const { gitdir } = await initLog(join(tmp, "log.git"), {
      home,
      bare: true,
      origin: "test.example/crash",
    });
    const server = await startServer(home, gitdir);
    child = server.proc;
    const acknowledged: { id: string; request: AnchorRequest }[] = [];
    let n = 0;
    let stop = false;
    const worker = async () => {
      while (!stop) {
        const request = sampleRequest(n++);
        try {
          const res = await fetch(`${server.url}/api/v1/anchor`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(request),
          });
          if (res.status === 201)
            acknowledged.push({ id: ((await res.json()) as { anchor_id: string }).anchor_id, request });
        } catch {
          return; // the server is gone
        }
      }
    };
    const workers = Array.from({ length: 24 }, worker);
    while (acknowledged.length < 300) await new Promise((r) => setTimeout(r, 5));
    server.proc.kill("SIGKILL");
    stop = true;
    await Promise.all(workers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(300);

    // Reopen (the dead server's lock goes stale) and look for every acknowledged anchor.
    const storage = await openGitStorage(gitdir, { home });
    try {
      for (const { id, request } of acknowledged) expect(await storage.get(id)).toMatchObject(request);
      expect(await storage.count()).toBeGreaterThanOrEqual(acknowledged.length);
    } finally {
      await storage.close();
    }
    verifyEveryCommit(gitdir);
    expect((await auditGitDir(gitdir)).ok).toBe(true);
  }, 120_000);
});
