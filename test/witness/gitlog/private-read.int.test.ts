import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, tempDir } from "../../helpers/cli.js";
import { type GitHttpServer, startGitHttpServer } from "../../helpers/git-http-server.js";

/**
 * A private git log (the server refuses every unauthenticated request, reads included), driven
 * through the built CLI: publish, verify and audit by URL read it with the auth_token configured
 * for it in relay-config.json; without it they fail with WITNESS_UNAUTHORIZED; a token configured
 * for another origin is not sent; the token never appears in any output.
 */
const TOKEN = "private-log-token-4d1f9e";
let work: { dir: string; cleanup: () => Promise<void> };
let home: string;
let server: GitHttpServer;
let url: string;
/** A tlog-policy listing the log and requiring no cosigner: the read is what is tested. */
let policy: string;

const cli = (...args: string[]) => runCli(["--home", home, ...args]);

function configure(endpoints: { url: string; name: string; auth_token?: string }[]): void {
  const path = join(home, "relay-config.json");
  const config = JSON.parse(readFileSync(path, "utf8"));
  config.witness = { enabled: true, quorum: 1, endpoints };
  writeFileSync(path, JSON.stringify(config), { mode: 0o600 });
}

function expectNoToken(result: { stdout: string; stderr: string }): void {
  expect(result.stdout).not.toContain(TOKEN);
  expect(result.stderr).not.toContain(TOKEN);
  const basic = Buffer.from(`x-access-token:${TOKEN}`).toString("base64");
  expect(result.stdout + result.stderr).not.toContain(basic);
}

beforeAll(async () => {
  work = await tempDir("ts-private-log-");
  home = join(work.dir, "home");
  expect((await cli("init")).code).toBe(0);
  const init = await cli(
    "witness",
    "init",
    "--bare",
    "--origin",
    "private.example/log",
    join(work.dir, "srv", "log.git"),
  );
  expect(init.code, init.stderr).toBe(0);
  server = await startGitHttpServer(join(work.dir, "srv"), { token: TOKEN, privateReads: true });
  url = `${server.url}/log.git`;
  await runCli(["--home", home, "record"], { input: JSON.stringify({ kind: "command", command: "ls" }) });
  expect((await cli("seal")).code).toBe(0);
  const vkey = JSON.parse(
    execFileSync("git", ["--git-dir", join(work.dir, "srv", "log.git"), "show", "main:trailseal-log.json"], {
      encoding: "utf8",
    }),
  ).verifier_key;
  policy = join(work.dir, "log.policy");
  writeFileSync(policy, `log ${vkey}\nquorum none\n`);
  configure([{ url, name: "private-log", auth_token: TOKEN }]);
  const published = await cli("witness", "publish", "--json");
  expect(published.code, published.stderr).toBe(0);
  expectNoToken(published);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await work?.cleanup();
});

describe("a private git log is read with the token configured for it", () => {
  it("the server refuses an unauthenticated clone (the log is private)", async () => {
    const audit = await runCli(["--home", join(work.dir, "other-home"), "witness", "audit", url, "--json"]);
    expect(audit.code).not.toBe(0);
    expect(audit.stderr).toContain("WITNESS_UNAUTHORIZED");
  });

  it("witness verify and witness audit <url> succeed with the configured token, never printing it", async () => {
    const verified = await cli("witness", "verify", "--json");
    expect(verified.code, verified.stderr).toBe(0);
    const result = JSON.parse(verified.stdout);
    expect(result.met).toBe(true);
    expect(result.results[0]).toMatchObject({ status: "match" });
    expect(result.results[0].log).toMatchObject({ origin: "private.example/log" });
    expectNoToken(verified);
    // The cosign check (--witness-policy) clones the log with it too.
    const cosigned = await cli("witness", "verify", "--witness-policy", policy, "--json");
    expect(cosigned.code, cosigned.stderr).toBe(0);
    expect(JSON.parse(cosigned.stdout).cosigned).toMatchObject({
      quorum_met: true,
      logs: [{ origin: "private.example/log", quorum_met: true }],
    });
    expectNoToken(cosigned);
    const audit = await cli("witness", "audit", url, "--json");
    expect(audit.code, audit.stderr).toBe(0);
    expect(JSON.parse(audit.stdout).ok).toBe(true);
    expectNoToken(audit);
  }, 60_000);

  it("without the token, verify is below quorum with WITNESS_UNAUTHORIZED; another origin's token is not sent", async () => {
    const port = new URL(server.url).port;
    for (const endpoints of [
      [{ url, name: "private-log" }],
      // The same server by another name is another origin: its token stays home.
      [{ url: `http://localhost:${port}/log.git`, name: "by-name", auth_token: TOKEN }],
    ]) {
      configure(endpoints);
      const verified = await cli("witness", "verify", "--json");
      expect(verified.code).toBe(3);
      const result = JSON.parse(verified.stdout);
      expect(result.met).toBe(false);
      expect(result.results[0]).toMatchObject({
        status: "unreachable",
        error: { code: "WITNESS_UNAUTHORIZED" },
      });
      expectNoToken(verified);
      const cosigned = await cli("witness", "verify", "--witness-policy", policy, "--json");
      expect(cosigned.code).toBe(3);
      expect(JSON.parse(cosigned.stdout).cosigned.logs[0]).toMatchObject({
        quorum_met: false,
        error: { code: "WITNESS_UNAUTHORIZED" },
      });
      expectNoToken(cosigned);
      const audit = await cli("witness", "audit", url);
      expect(audit.code).not.toBe(0);
      expect(audit.stderr).toContain("WITNESS_UNAUTHORIZED");
      expectNoToken(audit);
    }
    configure([{ url, name: "private-log", auth_token: TOKEN }]);
  }, 60_000);
});
