/**
 * The export loop against the ExportSink contract: every sink gets the same records in order
 * (an event with its trail line), is closed once everything is written, and on a failure the
 * others are aborted and a cursor does not move.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventBody } from "../../src/chain/index.js";
import { type ExportSink, exportTrail, readCursor, serializeRecord } from "../../src/export/index.js";
import { homePaths } from "../../src/home/index.js";
import { appendEvents, trailDir } from "../../src/trail/index.js";

let dir: string;

const body = (i: number): EventBody => ({
  risk: { level: "low", flags: [] },
  agent: "claude-code",
  session: "s",
  cwd: "/w",
  phase: "pre",
  action: { tool: "Bash", kind: "command", command: `step ${i}` },
  decision: "allow",
  reasons: [],
});

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "trailseal-export-sink-"));
  await appendEvents(
    trailDir(dir),
    Array.from({ length: 5 }, (_, i) => body(i)),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function memorySink(failAt = -1) {
  const lines: string[] = [];
  const calls: string[] = [];
  const sink: ExportSink = {
    async write(record, line) {
      if (lines.length === failAt) throw new Error("destination gone");
      lines.push(serializeRecord(record, line));
    },
    async close() {
      calls.push("close");
    },
    async abort() {
      calls.push("abort");
    },
  };
  return { sink, lines, calls };
}

describe("export sinks", () => {
  it("a given sink gets exactly the JSON Lines file's records, and is closed", async () => {
    const output = join(dir, "copy.jsonl");
    const memory = memorySink();
    const summary = await exportTrail({
      home: dir,
      selection: {},
      output,
      sinks: [memory.sink],
      stdout: process.stdout,
    });
    expect(summary.events).toBe(5);
    expect(memory.lines.join("")).toBe(await readFile(output, "utf8"));
    expect(memory.calls).toEqual(["close"]);
  });

  it("a failing sink aborts the others: no file, no cursor moved", async () => {
    const output = join(dir, "failed.jsonl");
    const memory = memorySink(3);
    await expect(
      exportTrail({
        home: dir,
        selection: {},
        output,
        cursor: "nightly",
        sinks: [memory.sink],
        stdout: process.stdout,
      }),
    ).rejects.toThrow("destination gone");
    expect(memory.calls).toEqual(["abort"]);
    expect(existsSync(output)).toBe(false);
    expect((await readdir(dir)).filter((name) => name.includes("failed.jsonl"))).toEqual([]);
    expect((await readCursor(homePaths(dir).exportCursors, "nightly")).next_seq).toBe(0);
  });
});
