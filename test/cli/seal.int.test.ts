import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli, tempDir } from "../helpers/cli.js";

/** Every output of every command in this file is checked for the key hex. */
describe("trailseal seal and verify (built CLI)", () => {
  let home: string;
  let cleanup: () => Promise<void>;
  let keyHex: string;
  const outputs: string[] = [];
  const cli = async (args: string[], options: Parameters<typeof runCli>[1] = {}) => {
    const result = await runCli(["--home", home, ...args], options);
    outputs.push(result.stdout, result.stderr);
    return result;
  };
  const record = (command: string) =>
    cli(["record"], { input: JSON.stringify({ kind: "command", command }) });

  beforeEach(async () => {
    ({ dir: home, cleanup } = await tempDir());
    outputs.length = 0;
    expect((await cli(["init"])).code).toBe(0);
    const [name] = (await readdir(join(home, "keys"))).filter((n) => n.endsWith(".key"));
    keyHex = (await readFile(join(home, "keys", name!), "utf8")).trim();
    expect(keyHex).toMatch(/^[0-9a-f]{64}$/);
    expect((await stat(join(home, "keys", name!))).mode & 0o777).toBe(0o600);
  });
  afterEach(async () => {
    for (const output of outputs) expect(output).not.toContain(keyHex);
    await cleanup();
  });

  it("seals the tip, prints exactly the seal fields, and verify checks it", async () => {
    for (const c of ["ls", "npm test", "git status"]) expect((await record(c)).code).toBe(0);
    const sealed = await cli(["seal", "--json"]);
    expect(sealed.code).toBe(0);
    const seal = JSON.parse(sealed.stdout);
    expect(Object.keys(seal).sort()).toEqual([
      "chain_tip",
      "event_count",
      "key_id",
      "seal_id",
      "signature",
      "timestamp",
    ]);
    expect(seal.event_count).toBe(3);
    const verified = await cli(["verify", "--json"]);
    expect(JSON.parse(verified.stdout)).toMatchObject({
      ok: true,
      chain_tip: seal.chain_tip,
      seals: { checked: 1, signatures_checked: 1, failures: [] },
    });
    expect((await cli(["verify"])).stdout).toContain("seals ok: 1 seal matches the chain");
    const human = await cli(["seal"]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain("seal-2");
    const store = await stat(join(home, "seals", "seals.jsonl"));
    expect(store.mode & 0o077).toBe(0);
  });

  it("fails verify naming the seal when the trail is truncated or rewritten", async () => {
    for (const c of ["ls", "pwd", "whoami"]) await record(c);
    expect((await cli(["seal"])).code).toBe(0);
    const [segment] = await readdir(join(home, "trail"));
    const path = join(home, "trail", segment!);
    const original = await readFile(path, "utf8");
    const lines = original.trimEnd().split("\n");

    // Truncation: drop the last event. The chain still verifies on its own; the seal does not.
    await writeFile(path, `${lines.slice(0, 2).join("\n")}\n`);
    let result = await cli(["verify", "--json"]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).seals.failures).toEqual([
      expect.objectContaining({ id: "seal-1", code: "SEAL_TRAIL_TRUNCATED" }),
    ]);
    result = await cli(["verify"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/seal-1 \(SEAL_TRAIL_TRUNCATED\)/);

    // Rewrite: replace the trail with a different, internally valid chain of the same length.
    await writeFile(path, "");
    for (const c of ["ls", "rm -rf /tmp/x", "whoami"]) await record(c);
    result = await cli(["verify", "--json"]);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.broken).toBeUndefined();
    expect(report.seals.failures).toEqual([
      expect.objectContaining({ id: "seal-1", code: "SEAL_TIP_MISMATCH" }),
    ]);
  });

  it("uses TRAILSEAL_SEAL_KEY / TRAILSEAL_KEY_ID from the environment and never prints them", async () => {
    const envKey = "ab".repeat(32);
    await record("ls");
    const result = await cli(["seal", "--json"], {
      env: { TRAILSEAL_SEAL_KEY: envKey, TRAILSEAL_KEY_ID: "ci-key-1" },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).key_id).toBe("ci-key-1");
    expect(result.stdout + result.stderr).not.toContain(envKey);
    const verified = await cli(["verify", "--json"], {
      env: { TRAILSEAL_SEAL_KEY: envKey, TRAILSEAL_KEY_ID: "ci-key-1" },
    });
    expect(JSON.parse(verified.stdout).seals).toMatchObject({ checked: 1, signatures_checked: 1 });
    expect(verified.stdout + verified.stderr).not.toContain(envKey);
  });

  it("refuses a key file readable by others (exit 2, SEAL_KEY_PERMISSIONS)", async () => {
    const { chmod } = await import("node:fs/promises");
    const [name] = await readdir(join(home, "keys"));
    await chmod(join(home, "keys", name!), 0o644);
    const result = await cli(["seal"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("chmod 600");
    expect(result.stdout).toBe("");
  });

  it.each([
    ["a newline", "ts-a\nb"],
    ["an escape sequence", "ts-\u001b[2K"],
    ["300 characters", "k".repeat(300)],
  ])(
    "refuses a TRAILSEAL_KEY_ID with %s before sealing (witnesses would refuse every seal)",
    async (_name, keyId) => {
      expect((await record("ls")).code).toBe(0);
      const result = await cli(["seal", "--json"], {
        env: { TRAILSEAL_SEAL_KEY: keyHex, TRAILSEAL_KEY_ID: keyId },
      });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain("SEAL_KEY_ID_INVALID");
      expect(result.stdout).toBe("");
      await expect(readFile(join(home, "seals", "seals.jsonl"), "utf8")).rejects.toMatchObject({
        code: "ENOENT",
      });
    },
  );
});
