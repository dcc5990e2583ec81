// The exported copy is bound to the seals: each forgery below passed `verify --export` before
// (exit 0) and is now refused with its reason, while honest copies (full, filtered, a sealed
// cursor export that starts late) still verify and say what they are.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeEventHash } from "../../src/chain/index.js";
import { createSeal } from "../../src/seal/index.js";
import { runCli, tempDir } from "../helpers/cli.js";

// biome-ignore lint/suspicious/noExplicitAny: a forger edits the records freely
type Rec = Record<string, any>;

let home: string;
let cleanup: () => Promise<void>;
let n = 0;
const env = () => ({ TRAILSEAL_HOME: home });

async function cli(args: string[]) {
  return runCli(args, { env: env() });
}

async function record(...commands: string[]): Promise<void> {
  const input = commands.map((command) => JSON.stringify({ kind: "command", command })).join("\n");
  const result = await runCli(["record"], { input, env: env() });
  expect(result.code, result.stderr).toBe(0);
}

async function exportCopy(...extra: string[]): Promise<Rec[]> {
  n += 1;
  const output = join(home, `copy-${n}.jsonl`);
  const result = await cli(["export", "--format", "jsonl", "--output", output, ...extra]);
  expect(result.code, result.stderr).toBe(0);
  return (await readFile(output, "utf8"))
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}

async function verify(records: Rec[], ...extra: string[]) {
  n += 1;
  const path = join(home, `check-${n}.jsonl`);
  await writeFile(path, `${records.map((r) => JSON.stringify(r)).join("\n")}\n`);
  const result = await cli(["verify", "--export", path, "--json", ...extra]);
  return { code: result.code, json: JSON.parse(result.stdout), stderr: result.stderr };
}

const events = (records: Rec[]) => records.filter((r) => r.type === "event");
/** The end record made to agree with the records (what a forger does last). */
function fixEnd(records: Rec[]): Rec[] {
  const body = records.filter((r) => r.type !== "end");
  const chained = body.filter((r) => r.type === "event" || r.type === "omitted");
  const last = chained.at(-1)!;
  const lastSeq = last.type === "event" ? last.event.seq : last.seq;
  const tip = last.type === "event" ? last.event.hash : last.hash;
  return [
    ...body,
    {
      type: "end",
      next_seq: lastSeq + 1,
      tip,
      events: chained.filter((r) => r.type === "event").length,
      omitted: chained.filter((r) => r.type === "omitted").length,
    },
  ];
}

beforeAll(async () => {
  ({ dir: home, cleanup } = await tempDir());
  expect((await cli(["init"])).code).toBe(0);
  await record("ls", "sudo rm -rf /", "cat README.md");
  expect((await cli(["seal"])).code).toBe(0); // seal-1 over 3 events
  await record("git push --force origin main", "pwd", "npm test");
  expect((await cli(["seal"])).code).toBe(0); // seal-2 over 6 events
});
afterAll(() => cleanup());

describe("verify --export: honest copies", () => {
  it("a full copy verifies, complete", async () => {
    const { code, json } = await verify(await exportCopy());
    expect(code).toBe(0);
    expect(json).toMatchObject({
      ok: true,
      complete: true,
      seals: 2,
      signatures_checked: 2,
      unverified_seals: 0,
    });
  });

  it("a filtered copy verifies: its stubs carry their level under the key's MAC", async () => {
    const copy = await exportCopy("--min-risk", "high");
    const stubs = copy.filter((r) => r.type === "omitted");
    expect(stubs.length).toBeGreaterThan(0);
    for (const stub of stubs)
      expect(stub).toMatchObject({ level: expect.any(String), mac: expect.any(String) });
    const { code, json } = await verify(copy);
    expect(code).toBe(0);
    expect(json).toMatchObject({ ok: true, omitted: stubs.length });
  });

  it("a sealed cursor export that starts late opens with its start seal: partial, and says so", async () => {
    await exportCopy("--cursor", "siem", "--sealed-only");
    await record("echo later");
    expect((await cli(["seal"])).code).toBe(0);
    const later = await exportCopy("--cursor", "siem", "--sealed-only");
    expect(later[0]).toMatchObject({ from_seq: 6 });
    expect(later[1]).toMatchObject({ type: "seal", id: "seal-2" });
    const { code, json } = await verify(later);
    expect(code).toBe(0);
    expect(json).toMatchObject({ ok: true, complete: false, start_seal: "seal-2", from_seq: 6 });
    n += 1;
    const path = join(home, `text-${n}.jsonl`);
    await writeFile(path, `${later.map((r) => JSON.stringify(r)).join("\n")}\n`);
    const text = await cli(["verify", "--export", path]);
    expect(text.stdout).toContain("PARTIAL: starts at seq 6");
  });
});

describe("verify --export: forgeries", () => {
  it("events rewritten and re-hashed under a seal signed with another key id: unverified, exit 1", async () => {
    const copy = await exportCopy();
    // Rewrite seq 1 (the critical command) and re-hash everything after it.
    let prev = copy.find((r) => r.type === "event" && r.event.seq === 0)!.event.hash;
    const forged = { keyId: "ts-forged", key: Buffer.alloc(32, 7) };
    const out: Rec[] = [];
    for (const r of copy) {
      if (r.type === "event" && r.event.seq >= 1) {
        const event = { ...r.event, prev };
        if (event.seq === 1) event.action = { ...event.action, command: "ls -la" };
        delete event.hash;
        event.hash = computeEventHash(event);
        prev = event.hash;
        out.push({ ...r, event });
      } else if (r.type === "seal") {
        out.push({ ...r, seal: createSeal(forged, prev, r.seal.event_count, r.seal.timestamp) });
      } else out.push(r);
    }
    const result = await verify(fixEnd(out));
    expect(result.code).toBe(1);
    expect(result.json.problem).toMatchObject({ reason: "unverified_seal" });
    const allowed = await verify(fixEnd(out), "--allow-unverified-seals");
    expect(allowed.code).toBe(0);
    const seals = copy.filter((r) => r.type === "seal").length;
    expect(allowed.json).toMatchObject({ ok: true, unverified_seals: seals, signatures_checked: 0 });
  });

  it("the first events dropped and the header moved: the start is bound to no seal, exit 1", async () => {
    const copy = await exportCopy();
    const dropped = events(copy).filter((r) => r.event.seq < 2);
    const header = { ...copy[0], from_seq: 2, prev: dropped.at(-1)!.event.hash };
    const rest = copy.slice(1).filter((r) => !(r.type === "event" && r.event.seq < 2));
    const result = await verify(fixEnd([header, ...rest]));
    expect(result.code).toBe(1);
    expect(result.json.problem).toMatchObject({ reason: "start_unbound", seq: 2 });
    const allowed = await verify(fixEnd([header, ...rest]), "--allow-unbound-start");
    expect(allowed.json).toMatchObject({ ok: true, complete: false, start_seal: null });
  });

  it("the first events dropped at a seal: a genuine partial copy, never complete", async () => {
    const copy = await exportCopy();
    const header = { ...copy[0], from_seq: 3, prev: events(copy)[2]!.event.hash };
    const rest = copy.slice(1).filter((r) => !(r.type === "event" && r.event.seq < 3));
    const result = await verify(fixEnd([header, ...rest]));
    expect(result.json).toMatchObject({ ok: true, complete: false, start_seal: "seal-1" });
  });

  it("an event the filter keeps replaced by an omitted stub: refused however the stub is made", async () => {
    const copy = await exportCopy("--min-risk", "high");
    const kept = events(copy).find((r) => r.event.risk.level === "critical")!;
    const realStub = copy.find((r) => r.type === "omitted")!;
    const replace = (stub: Rec) => fixEnd(copy.map((r) => (r === kept ? stub : r)));
    const base = { type: "omitted", seq: kept.event.seq, hash: kept.event.hash };

    const bare = await verify(replace(base));
    expect(bare.code).toBe(1);
    expect(bare.json.problem).toMatchObject({ reason: "stub_in_filter", seq: kept.event.seq });

    const lying = await verify(replace({ ...base, level: "low" }));
    expect(lying.code).toBe(1);
    expect(lying.json.problem).toMatchObject({ reason: "unverified_stub" });

    const borrowed = await verify(
      replace({ ...base, level: "low", key_id: realStub.key_id, mac: realStub.mac }),
    );
    expect(borrowed.code).toBe(1);
    expect(borrowed.json.problem).toMatchObject({ reason: "bad_signature", seq: kept.event.seq });

    const honest = await verify(replace({ ...base, level: "critical" }));
    expect(honest.json.problem).toMatchObject({ reason: "stub_in_filter" });
  });

  it("a duplicated seal record: refused", async () => {
    const copy = await exportCopy();
    const at = copy.findIndex((r) => r.type === "seal");
    const doubled = [...copy.slice(0, at + 1), copy[at]!, ...copy.slice(at + 1)];
    const result = await verify(doubled);
    expect(result.code).toBe(1);
    expect(result.json.problem).toMatchObject({ reason: "duplicate_seal" });
  });

  it("a copy from seq 0 must start at the genesis hash", async () => {
    const copy = await exportCopy();
    const result = await verify([{ ...copy[0], prev: `sha256:${"1".repeat(64)}` }, ...copy.slice(1)]);
    expect(result.json.problem).toMatchObject({ reason: "header" });
  });

  it("a verifier without the key proves nothing: exit 1 unless unverified seals are allowed", async () => {
    const copy = await exportCopy();
    const other = await tempDir();
    try {
      n += 1;
      const path = join(home, `nokey-${n}.jsonl`);
      await writeFile(path, `${copy.map((r) => JSON.stringify(r)).join("\n")}\n`);
      const strict = await runCli(["verify", "--export", path, "--home", other.dir]);
      expect(strict.code).toBe(1);
      expect(strict.stderr).toContain("unverified_seal");
      expect(strict.stderr).toContain("(EXPORT_COPY_INVALID)");
      const lenient = await runCli([
        "verify",
        "--export",
        path,
        "--home",
        other.dir,
        "--allow-unverified-seals",
      ]);
      expect(lenient.code, lenient.stderr).toBe(0);
      expect(lenient.stdout).toContain(`UNVERIFIED: ${copy.filter((r) => r.type === "seal").length} seals`);
    } finally {
      await other.cleanup();
    }
  });
});
