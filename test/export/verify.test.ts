/**
 * verify --export's core against a copy made by exportTrail, in-process: any one deleted,
 * swapped or edited record of an event is caught (fast-check over which one and how).
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventBody } from "../../src/chain/index.js";
import { exportTrail, verifyExportFile } from "../../src/export/index.js";
import { appendSeal, createSeal } from "../../src/seal/index.js";
import { appendEvents, trailDir } from "../../src/trail/index.js";

let dir: string;
let lines: string[];
let n = 0;

function body(i: number): EventBody {
  return {
    risk: { level: i % 3 === 0 ? "high" : "low", flags: [] },
    agent: "claude-code",
    session: "s",
    cwd: "/w",
    phase: "pre",
    action: { tool: "Bash", kind: "command", command: `step ${i}` },
    decision: "allow",
    reasons: [],
  };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "trailseal-export-verify-"));
  await appendEvents(
    trailDir(dir),
    Array.from({ length: 12 }, (_, i) => body(i)),
  );
  const output = join(dir, "copy.jsonl");
  await exportTrail({ home: dir, selection: {}, output, stdout: process.stdout });
  lines = (await readFile(output, "utf8")).trimEnd().split("\n");
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function verifyLines(copy: string[]) {
  n += 1;
  const path = join(dir, `t-${n}.jsonl`);
  await writeFile(path, `${copy.join("\n")}\n`);
  return verifyExportFile(path);
}

const eventIndexes = () => lines.flatMap((line, i) => (line.startsWith('{"type":"event"') ? [i] : []));

describe("verifyExportFile", () => {
  it("catches a record that names the wrong covering seal", async () => {
    const sealed = await mkdtemp(join(tmpdir(), "trailseal-export-seal-"));
    try {
      await appendEvents(trailDir(sealed), [body(0), body(1)]);
      const key = { keyId: "ts-test", key: Buffer.alloc(32, 1) };
      const events = (await readFile(join(trailDir(sealed), "events-000000.jsonl"), "utf8"))
        .trim()
        .split("\n");
      const tip = JSON.parse(events[1]!).hash;
      await appendSeal(join(sealed, "seals"), createSeal(key, tip, 2, new Date().toISOString()));
      const output = join(sealed, "copy.jsonl");
      await exportTrail({ home: sealed, selection: {}, output, stdout: process.stdout });
      const copy = (await readFile(output, "utf8")).trimEnd().split("\n");
      expect(await verifyExportFile(output, key)).toMatchObject({ ok: true, seals: 1, signaturesChecked: 1 });
      const renamed = copy.map((line, i) =>
        i === 1 ? line.replace('"seal":"seal-1"', '"seal":"seal-9"') : line,
      );
      expect((await verifyLines(renamed)).problem).toMatchObject({ reason: "seal_mismatch", seq: 0 });
    } finally {
      await rm(sealed, { recursive: true, force: true });
    }
  });

  it("accepts the untouched copy", async () => {
    expect(await verifyLines(lines)).toMatchObject({ ok: true, events: 12, nextSeq: 12 });
  });

  it("catches any deleted event record", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...eventIndexes()), async (at) => {
        const result = await verifyLines(lines.filter((_, i) => i !== at));
        expect(result.ok).toBe(false);
      }),
      { numRuns: 12 },
    );
  });

  it("catches any two event records swapped", async () => {
    const indexes = eventIndexes();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...indexes), fc.constantFrom(...indexes), async (a, b) => {
        fc.pre(a !== b);
        const copy = [...lines];
        [copy[a], copy[b]] = [copy[b]!, copy[a]!];
        const result = await verifyLines(copy);
        expect(result.ok).toBe(false);
        expect(result.problem?.reason).toBe("gap");
      }),
      { numRuns: 20 },
    );
  });

  it("catches an edit of any event's command and names its seq", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...eventIndexes()),
        fc.string({ minLength: 1, maxLength: 8 }),
        async (at, text) => {
          const record = JSON.parse(lines[at]!);
          fc.pre(record.event.action.command !== text);
          record.event.action.command = text;
          const copy = lines.map((line, i) => (i === at ? JSON.stringify(record) : line));
          const result = await verifyLines(copy);
          expect(result.problem).toMatchObject({ reason: "hash_mismatch", seq: record.event.seq });
        },
      ),
      { numRuns: 20 },
    );
  });
});
