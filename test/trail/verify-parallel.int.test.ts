// Parallel trail verification (worker threads over byte ranges) against the sequential verifier,
// and the byte-level canonical fast path against the general path it stands in for.
// The parallel path runs the built worker: `npm run build` first (as for the CLI tests).
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ChainVerifier,
  chainEvent,
  type EventBody,
  GENESIS_HASH,
  RISK_FLAGS,
  serializeEvent,
} from "../../src/chain/index.js";
import { readLines } from "../../src/trail/read-lines.js";
import {
  type TrailVerification,
  verifyTrailParallel,
  verifyTrailSequential,
} from "../../src/trail/verify.js";
import { planRanges } from "../../src/trail/verify-ranges.js";
import { forEachLine } from "../../src/trail/verify-read.js";
import { REPO_ROOT, tempDir } from "../helpers/cli.js";

const run = promisify(execFile);
const WORKER = join(REPO_ROOT, "dist", "trail", "verify-worker.js");
const workerUrl = pathToFileURL(WORKER);

const text = fc.string({ unit: "binary", maxLength: 12 });
const bodyArb: fc.Arbitrary<EventBody> = fc.record({
  risk: fc.record({
    level: fc.constantFrom("none", "low", "medium", "high", "critical"),
    flags: fc.subarray([...RISK_FLAGS], { maxLength: 2 }),
  }),
  agent: fc.constantFrom("claude-code", "cursor", "ä-agent"),
  session: fc.option(text, { nil: null }),
  cwd: fc.constant("/home/dev/project"),
  phase: fc.constant("pre"),
  action: fc.record({ kind: fc.constant("command"), tool: fc.constant("Bash"), command: text }),
  decision: fc.constantFrom("allow", "deny", "ask", "logged"),
  reasons: fc.array(text, { maxLength: 2 }),
  input: fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }),
}) as fc.Arbitrary<EventBody>;

function buildTrail(bodies: EventBody[]): string[] {
  let prev = GENESIS_HASH;
  return bodies.map((body, seq) => {
    const clean = JSON.parse(JSON.stringify(body)) as EventBody; // drop undefined, -0 → 0, as stored
    const event = chainEvent(clean, seq, prev, new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString());
    prev = event.hash;
    return serializeEvent(event);
  });
}

type Tamper = "none" | "modify" | "delete" | "insert" | "swap" | "truncate" | "garbage" | "reformat";
const TAMPERS: Tamper[] = ["none", "modify", "delete", "insert", "swap", "truncate", "garbage", "reformat"];
const GARBAGE = [
  Buffer.from("not json {"),
  Buffer.from(""),
  Buffer.from([0xff, 0xfe, 0x7b, 0x7d]),
  Buffer.from('{"seq":1}'),
  Buffer.from("[1,2]"),
];

/** The trail's bytes after one tampering of line `at`. */
function tamper(lines: string[], kind: Tamper, at: number, cut: number): Buffer {
  const out: Buffer[] = lines.map((line) => Buffer.from(line, "utf8"));
  const i = Math.min(at, out.length - 1);
  switch (kind) {
    case "modify": {
      const event = JSON.parse(lines[i] as string);
      event.reasons = [...event.reasons, "tampered"];
      out[i] = Buffer.from(serializeEvent(event), "utf8");
      break;
    }
    case "delete":
      out.splice(i, 1);
      break;
    case "insert":
      out.splice(i, 0, out[(i + 1) % out.length] as Buffer);
      break;
    case "swap":
      if (i + 1 < out.length) [out[i], out[i + 1]] = [out[i + 1] as Buffer, out[i] as Buffer];
      break;
    case "garbage":
      out[i] = GARBAGE[cut % GARBAGE.length] as Buffer;
      break;
    case "reformat": {
      // valid JSON, not canonical: the general path must take it and reject it
      const { hash, ...rest } = JSON.parse(lines[i] as string);
      out[i] = Buffer.from(JSON.stringify({ hash, ...rest }, null, 1).replace(/\n/g, " "), "utf8");
      break;
    }
    case "truncate": {
      const whole = Buffer.concat(out.map((line) => Buffer.concat([line, Buffer.from("\n")])));
      let end = 0;
      for (let k = 0; k <= i; k += 1) end += (out[k] as Buffer).length + 1;
      const line = out[i] as Buffer;
      return whole.subarray(0, end - 1 - line.length + 1 + (cut % Math.max(1, line.length - 1)));
    }
  }
  return Buffer.concat(out.map((line) => Buffer.concat([line, Buffer.from("\n")])));
}

function comparable(result: TrailVerification) {
  return {
    ok: result.ok,
    chainTip: result.chainTip,
    eventCount: result.eventCount,
    broken: result.broken,
    tips: [...result.tips].sort((a, b) => a[0] - b[0]),
  };
}

let root: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ dir: root, cleanup } = await tempDir());
});
afterAll(() => cleanup());

describe("parallel verify", () => {
  it("needs the built worker (npm run build)", () => {
    expect(existsSync(WORKER)).toBe(true);
  });

  it("agrees with the sequential verifier on any single tampering, at range boundaries too", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(bodyArb, { minLength: 3, maxLength: 40 }),
        fc.constantFrom(...TAMPERS),
        fc.nat(),
        fc.nat(),
        fc.boolean(),
        fc.integer({ min: 1, max: 3000 }),
        fc.array(fc.nat({ max: 45 }), { maxLength: 4 }),
        fc.boolean(),
        async (bodies, kind, pick, cut, atBoundary, rangeBytes, tipsAt, twoSegments) => {
          const lines = buildTrail(bodies);
          const dir = join(root, `t${run++}`);
          await mkdir(dir);
          let at = pick % lines.length;
          if (atBoundary) {
            // tamper the first line of some range of the untampered trail
            const plain = join(dir, "plan.tmp");
            await writeFile(plain, `${lines.join("\n")}\n`);
            const starts = (await planRanges([plain], rangeBytes)).map((range) => range.from);
            const offsets: number[] = [];
            let offset = 0;
            for (const line of lines) {
              offsets.push(offset);
              offset += Buffer.byteLength(line) + 1;
            }
            const boundaryLines = starts.map((start) => offsets.indexOf(start)).filter((k) => k >= 0);
            at = boundaryLines[pick % boundaryLines.length] ?? at;
          }
          const bytes = tamper(lines, kind, at, cut);
          if (twoSegments) {
            const split = bytes.indexOf(10, Math.floor(bytes.length / 2)) + 1;
            await writeFile(join(dir, "events-000000.jsonl"), bytes.subarray(0, split || bytes.length));
            await writeFile(
              join(dir, "events-000001.jsonl"),
              split ? bytes.subarray(split) : Buffer.alloc(0),
            );
          } else {
            await writeFile(join(dir, "events-000000.jsonl"), bytes);
          }
          const sequential = await verifyTrailSequential(dir, { tipsAt });
          const parallel = await verifyTrailParallel(dir, { tipsAt, rangeBytes, workers: 2, workerUrl });
          expect(comparable(parallel)).toEqual(comparable(sequential));
          if (kind === "none") expect(sequential.ok).toBe(true);
          if (kind === "reformat") expect(sequential.broken?.reason).toBe("not_canonical");
          if (["modify", "insert", "garbage"].includes(kind)) expect(sequential.ok).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);

  it("reports progress and the same verdict on a multi-range trail", async () => {
    const lines = buildTrail(
      Array.from({ length: 300 }, (_, k) => ({
        risk: { level: "low", flags: [] },
        agent: "a",
        session: null,
        cwd: null,
        phase: "record",
        action: { kind: "command", tool: "Bash", command: `echo ${k}` },
        decision: "logged",
        reasons: [],
      })),
    );
    const dir = join(root, "progress");
    await mkdir(dir);
    await writeFile(join(dir, "events-000000.jsonl"), `${lines.join("\n")}\n`);
    const parallel = await verifyTrailParallel(dir, {
      rangeBytes: 4096,
      workers: 2,
      workerUrl,
      tipsAt: [1, 150, 300],
    });
    const sequential = await verifyTrailSequential(dir, { tipsAt: [1, 150, 300] });
    expect(comparable(parallel)).toEqual(comparable(sequential));
    expect(parallel.eventCount).toBe(300);
    expect([...parallel.tips.keys()].sort((a, b) => a - b)).toEqual([1, 150, 300]);
  }, 60_000);
});

describe("parallel verify from the built bundle", () => {
  it("starts its workers from a process run with flags of its own (node --input-type -e)", async () => {
    const dir = join(root, "flags");
    await mkdir(dir);
    const lines = buildTrail(fc.sample(bodyArb, { numRuns: 50, seed: 7 }));
    await writeFile(join(dir, "events-000000.jsonl"), `${lines.join("\n")}\n`);
    const door = pathToFileURL(join(REPO_ROOT, "dist", "trail", "index.js")).href;
    const code = `import { verifyTrailParallel } from ${JSON.stringify(door)};
      const r = await verifyTrailParallel(${JSON.stringify(dir)}, { rangeBytes: 2000, workers: 2 });
      console.log(JSON.stringify({ ok: r.ok, count: r.eventCount, tip: r.chainTip }));`;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", code]);
    const sequential = await verifyTrailSequential(dir);
    expect(JSON.parse(stdout)).toEqual({ ok: true, count: 50, tip: sequential.chainTip });
  }, 60_000);
});

describe("forEachLine", () => {
  it("yields the lines readLines yields, whatever the chunk size, and stops when asked", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: "grapheme", maxLength: 40 }), { maxLength: 12 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 64 }),
        fc.nat(),
        async (lines, torn, chunkSize, stopAfter) => {
          const dir = join(root, `lines${run++}`);
          await mkdir(dir);
          const path = join(dir, "events-000000.jsonl");
          await writeFile(path, lines.join("\n") + (torn || lines.length === 0 ? "" : "\n"));
          const expected: string[] = [];
          for await (const line of readLines(dir)) expected.push(line);
          const seen: string[] = [];
          const whole = await forEachLine(
            path,
            0,
            Number.POSITIVE_INFINITY,
            (line) => {
              seen.push(line.toString("utf8"));
              return true;
            },
            chunkSize,
          );
          expect(whole).toBe(true);
          expect(seen).toEqual(expected);
          const some: string[] = [];
          await forEachLine(
            path,
            0,
            Number.POSITIVE_INFINITY,
            (line) => {
              some.push(line.toString("utf8"));
              return some.length <= stopAfter % 4;
            },
            chunkSize,
          );
          expect(some).toEqual(expected.slice(0, (stopAfter % 4) + 1));
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("byte fast path", () => {
  // Hostile edits: JSON-significant bytes, escapes, whitespace, multi-byte and invalid UTF-8.
  const EDITS = ['"', "\\", " ", ",", "}", "]", "0", "-", "e", "\\u0041", "\\u001f", "\\/", "é", "😀"]
    .map((s) => Buffer.from(s, "utf8"))
    .concat([Buffer.from([0xc3]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xf4, 0x90, 0x80, 0x80])]);

  // Rewrites that keep the JSON value but not the canonical form: the general path still accepts
  // the line (it hashes the JCS form), so the fast path must notice and step aside.
  const SAME_VALUE: [string, string][] = [
    ["\\n", "\\u000a"],
    ["\\t", "\\u0009"],
    ["\\b", "\\u0008"],
    ["\\u001f", "\\u001F"],
    ["\\\\", "\\u005c"],
    ["/", "\\/"],
    ["é", "\\u00e9"],
    ["a", "\\u0061"],
    [":", ": "],
    [",", " ,"],
    ['"seq":0', '"seq":0.0'],
    ['"seq":1', '"seq":1e0'],
    ['"seq":', '"seq":-0,"seq":'],
  ];

  it("steps aside for lines that are valid but not canonical", () => {
    fc.assert(
      fc.property(
        fc.array(bodyArb, { minLength: 2, maxLength: 4 }),
        fc.nat(),
        fc.nat(),
        (bodies, which, how) => {
          // every event holds each character the rewrites look for
          const lines = buildTrail(bodies.map((body) => ({ ...body, reasons: ["a/\n\t\b\u001f\\é"] })));
          const k = which % lines.length;
          const [from, to] = SAME_VALUE[how % SAME_VALUE.length] as [string, string];
          lines[k] = (lines[k] as string).replace(from, to);
          const fast = new ChainVerifier();
          const general = new ChainVerifier();
          for (const line of lines) {
            expect(fast.pushBytes(Buffer.from(line, "utf8"))).toEqual(general.push(line));
          }
          expect(fast.state).toEqual(general.state);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("reaches the verdicts of the general path, line for line", () => {
    fc.assert(
      fc.property(
        fc.array(bodyArb, { minLength: 1, maxLength: 6 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat({ max: 2 }), fc.nat()), { maxLength: 3 }),
        (bodies, edits) => {
          const lines = buildTrail(bodies).map((line) => Buffer.from(line, "utf8"));
          for (const [which, where, how, what] of edits) {
            const k = which % lines.length;
            const line = lines[k] as Buffer;
            const p = where % (line.length + 1);
            const edit = EDITS[what % EDITS.length] as Buffer;
            lines[k] =
              how === 0
                ? Buffer.concat([line.subarray(0, p), edit, line.subarray(p)]) // insert
                : how === 1
                  ? Buffer.concat([line.subarray(0, p), line.subarray(p + 1)]) // delete a byte
                  : Buffer.concat([line.subarray(0, p), edit, line.subarray(p + edit.length)]); // overwrite
          }
          const fast = new ChainVerifier({ tipsAt: [1, 2, 3] });
          const general = new ChainVerifier({ tipsAt: [1, 2, 3] });
          for (const line of lines) {
            expect(fast.pushBytes(line)).toEqual(general.push(line));
          }
          expect(fast.state).toEqual(general.state);
          expect([...fast.tips]).toEqual([...general.tips]);
        },
      ),
      { numRuns: 400 },
    );
  });
});
