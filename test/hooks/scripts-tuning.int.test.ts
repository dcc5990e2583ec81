/**
 * The scripts-on-disk tuning set (test/vectors/scripts-ondisk.jsonl, origin beside it): real
 * project scripts written into a directory and run by the command an agent would type (`bash
 * x.sh`, `./x`, `python3 x.py`), judged through the built CLI's `classify --batch --read-scripts`
 * (the hook's reading, docs/risk.md "Scripts on disk"). Every dangerous script rated high or
 * critical and every harmless one not, except those marked `known` (with the reason; counted in
 * the rates); the rates are held at the figures reached.
 */
import { spawnSync } from "node:child_process";
import { chmod, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, REPO_ROOT, tempDir } from "../helpers/cli.js";

interface Case {
  origin: string;
  dangerous: boolean;
  command: string;
  name: string;
  text: string;
  known?: string;
}

const cases: Case[] = (await readFile(join(REPO_ROOT, "test/vectors/scripts-ondisk.jsonl"), "utf8"))
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line));

let dir: string;
let cleanup: () => Promise<void>;
let levels: string[] = [];
beforeAll(async () => {
  ({ dir, cleanup } = await tempDir("trailseal-scripts-tuning-"));
  for (const c of cases) {
    await writeFile(join(dir, c.name), c.text);
    await chmod(join(dir, c.name), 0o755);
  }
  const input = cases.map((c) => JSON.stringify({ kind: "command", command: c.command })).join("\n");
  const run = spawnSync(process.execPath, [CLI, "classify", "--batch", "--read-scripts", "--cwd", dir], {
    input,
    maxBuffer: 1 << 26,
  });
  levels = run.stdout
    .toString()
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line).level);
}, 120_000);
afterAll(() => cleanup());

const alarm = (level: string) => level === "high" || level === "critical";

describe("scripts-on-disk tuning set", () => {
  it("judges every line", () => expect(levels).toHaveLength(cases.length));

  it.each(cases.map((c, i) => [c.origin, c, i] as const).filter(([, c]) => !c.known))("%s", (_origin, c, i) =>
    expect(alarm(levels[i]!)).toBe(c.dangerous),
  );

  // batch 1's first run (before any rule of the round) 8 / 8 dangers, 9 / 21 harmless high (make.sh
  // relabelled dangerous, see the origin note: 9 / 9, 8 / 20), after its rules 7 / 9, 1 / 20;
  // batch 2's first run (on batch 1's rules) 12 / 12, 7 / 18, after its rules 11 / 12, 3 / 18;
  // batch 3 (a check run once on the final rules, no rule after it) 1 / 5, 3 / 12; batch 4 (a
  // second check) 6 / 8, 1 / 9; the whole file 25 / 34, 8 / 59
  it("holds its rates (known cases included)", () => {
    const dangerous = cases.filter((c) => c.dangerous);
    const harmless = cases.filter((c) => !c.dangerous);
    const caught = dangerous.filter((c) => alarm(levels[cases.indexOf(c)]!)).length;
    const alarms = harmless.filter((c) => alarm(levels[cases.indexOf(c)]!)).length;
    expect(caught / dangerous.length).toBeGreaterThanOrEqual(25 / 34);
    expect(alarms / harmless.length).toBeLessThanOrEqual(8 / 59);
  });
});
