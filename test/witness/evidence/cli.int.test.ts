import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { initHome } from "../../../src/home/index.js";
import { publishSeal } from "../../../src/witness/index.js";
import { runCli } from "../../helpers/cli.js";
import { homeWithSeal } from "../client/fixtures.js";
import { sampleRequest } from "../server/storage-contract.js";
import { commitAtSize, createBareLog, git, serveGitLog, startProxyWitness } from "./helpers.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

it("`trailseal witness verify` exits 1 naming TLOG_ROLLBACK for a witness whose log went back", async () => {
  const dir = await mkdtemp(join(tmpdir(), "ts-evidence-cli-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const serverHome = join(dir, "server-home");
  await initHome(serverHome);
  const gitdir = await createBareLog(dir, serverHome, "test.example/cli");
  let witness = await serveGitLog(gitdir, serverHome);
  cleanups.push(() => witness.close());
  const proxy = await startProxyWitness(witness.server.url);
  cleanups.push(proxy.close);

  const { home, stored, cleanup } = await homeWithSeal();
  cleanups.push(cleanup);
  await publishSeal({ home, stored, endpoints: [{ url: proxy.url, name: "gitserver" }], quorum: 1 });
  for (let i = 0; i < 3; i++) await witness.storage.append(sampleRequest(i));
  const env = { TRAILSEAL_HOME: home };

  const ok = await runCli(["witness", "verify", "--quorum", "1"], { env });
  expect(ok.code).toBe(0);
  expect(ok.stdout).toContain("in log test.example/cli: entry 0 of 4 (pin new)");

  await witness.close();
  git(gitdir, "update-ref", "refs/heads/main", commitAtSize(gitdir, 1));
  witness = await serveGitLog(gitdir, serverHome);
  proxy.setUpstream(witness.server.url);
  const back = await runCli(["witness", "verify", "--quorum", "1", "--json"], { env });
  expect(back.code).toBe(1);
  const report = JSON.parse(back.stdout) as { results: { status: string; error?: { code: string } }[] };
  expect(report.results[0]).toMatchObject({ status: "mismatch", error: { code: "TLOG_ROLLBACK" } });
  const text = await runCli(["witness", "verify", "--quorum", "1"], { env });
  expect(text.code).toBe(1);
  expect(text.stdout).toContain("TLOG_ROLLBACK");
  expect(text.stderr).toMatch(/^trailseal: error: /m);
}, 120_000);
