import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli, tempDir } from "../helpers/cli.js";

describe("trailseal report (built CLI)", () => {
  let home: string;
  let cleanup: () => Promise<void>;
  const cli = (args: string[], input?: string) => runCli(["--home", home, ...args], { input });

  beforeEach(async () => {
    ({ dir: home, cleanup } = await tempDir("trailseal-report-cli-"));
    expect((await cli(["init"])).code).toBe(0);
    for (const command of ["ls", "npm test", "sudo rm -rf /"]) {
      expect((await cli(["record"], JSON.stringify({ kind: "command", command }))).code).toBe(0);
    }
    expect((await cli(["seal"])).code).toBe(0);
  });
  afterEach(() => cleanup());

  it("prints JSON with the contract keys, Markdown by default, and writes one self-contained HTML file", async () => {
    const json = await cli(["report", "--json"]);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout);
    expect(typeof report.seal_coverage.percent).toBe("number");
    expect(report.witness_confirmation).toMatchObject({ seals_total: 1, seals_meeting_quorum: 0 });
    expect(report.chain_integrity.ok).toBe(true);
    expect(report.risk.total).toBe(3);

    const md = await cli(["report"]);
    expect(md.code).toBe(0);
    expect(md.stdout).toMatch(/^# trailseal compliance report/);
    const markdown = await cli(["report", "--format", "markdown"]);
    expect(markdown.code).toBe(0);
    expect(markdown.stdout).toMatch(/^# trailseal compliance report/);

    const out = join(home, "audit.html");
    const html = await cli(["report", "--format", "html", "--output", out]);
    expect(html.code).toBe(0);
    expect(html.stdout).toBe("");
    const page = await readFile(out, "utf8");
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).not.toMatch(/<script|<link|src=|https?:\/\//i);
  });

  it("exits 1 when the chain is broken, still printing the report", async () => {
    const dir = join(home, "trail");
    const [segment] = (await readdir(dir)).filter((n) => n.endsWith(".jsonl"));
    const path = join(dir, segment!);
    await writeFile(path, (await readFile(path, "utf8")).replace('"npm test"', '"npm run build"'));
    const result = await cli(["report", "--format", "json"]);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.chain_integrity).toMatchObject({ ok: false, first_broken_seq: 1 });
  });

  it("rejects a bad period as a usage error", async () => {
    const result = await cli(["report", "--from", "next tuesday"]);
    expect(result.code).toBe(2);
  });
});
