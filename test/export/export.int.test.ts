/**
 * `trailseal export` and `verify --export` end to end with the built CLI: a real OTLP/HTTP
 * receiver on 127.0.0.1 decoding with the OpenTelemetry protobuf definitions, JSON Lines
 * copies re-verified on their own, and copies tampered with (deleted, edited, reordered,
 * re-hashed, cut) caught and named.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, tempDir } from "../helpers/cli.js";
import { type Receiver, startReceiver } from "./otlp-receiver.js";

let home: string;
let cleanup: () => Promise<void>;
let receiver: Receiver;
const SECRET = `ghp_${"Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp9Oo8"}`;

async function cli(args: string[], input?: string, expected = 0) {
  const result = await runCli(args, { input, env: { TRAILSEAL_HOME: home } });
  expect(result.code, result.stderr).toBe(expected);
  expect(result.stdout + result.stderr).not.toContain(SECRET);
  return result;
}

async function record(...commands: string[]) {
  await cli(
    ["record"],
    commands
      .map((command) => JSON.stringify({ kind: "command", command, session: "run-7", agent: "ci-bot" }))
      .join("\n"),
  );
}

// The receiver's proto definitions predate LogRecord.event_name: tell records apart by attributes.
const isEvent = (record: { attributes: Record<string, unknown> }) =>
  "trailseal.seq" in record.attributes && !("trailseal.omitted" in record.attributes);
const isOmitted = (record: { attributes: Record<string, unknown> }) =>
  "trailseal.omitted" in record.attributes;

async function trailLines(): Promise<string[]> {
  return (await readFile(join(home, "trail", "events-000000.jsonl"), "utf8")).trim().split("\n");
}

beforeAll(async () => {
  ({ dir: home, cleanup } = await tempDir("trailseal-export-"));
  receiver = await startReceiver();
  await cli(["init"]);
  await record("npm test", `gh auth login --with-token <<< ${SECRET}`, "git push --force origin main");
  await cli(["seal"]);
  await record("ls", "sudo rm -rf /var/lib/app");
  await cli(["seal"]);
  await record("echo unsealed");
}, 60_000);
afterAll(async () => {
  await receiver.close();
  await cleanup();
});

describe("OTLP export", () => {
  it("sends every event as a log record the OpenTelemetry protobuf definitions decode", async () => {
    receiver.records.length = 0;
    await cli(["export", "--otlp-endpoint", receiver.url, "--header", "authorization: Bearer test-token"]);
    const lines = await trailLines();
    const events = receiver.records.filter(isEvent);
    const seals = receiver.records.filter((r) => !isEvent(r));
    expect(events.map((r) => r.body)).toEqual(lines);
    expect(seals.map((r) => r.attributes["trailseal.seal"])).toEqual(["seal-1", "seal-2"]);
    expect(receiver.requests.at(-1)!.contentType).toContain("application/x-protobuf");
    expect(receiver.requests.at(-1)!.headers.authorization).toBe("Bearer test-token");
    const first = JSON.parse(lines[0]!);
    expect(events[0]!.attributes).toMatchObject({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "command",
      "gen_ai.agent.name": "ci-bot",
      "gen_ai.conversation.id": "run-7",
      "trailseal.seq": 0,
      "trailseal.hash": first.hash,
      "trailseal.prev": first.prev,
      "trailseal.decision": "logged",
      "trailseal.seal": "seal-1",
    });
    expect(events[2]!.attributes["trailseal.risk.level"]).toBe(JSON.parse(lines[2]!).risk.level);
    expect(events[5]!.attributes["trailseal.seal"]).toBeUndefined();
    expect(events[0]!.resource["service.name"]).toBe("trailseal");
    expect(receiver.records.map((r) => r.body).join("\n")).not.toContain(SECRET);
  });

  it("speaks OTLP/JSON too", async () => {
    receiver.records.length = 0;
    await cli([
      "export",
      "--otlp-endpoint",
      receiver.url,
      "--otlp-protocol",
      "http/json",
      "--risk",
      "critical",
    ]);
    expect(receiver.requests.at(-1)!.contentType).toContain("application/json");
    const events = receiver.records.filter(isEvent);
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) expect(event.attributes["trailseal.risk.level"]).toBe("critical");
    // The events the filter left out arrive as stubs (seq and hash, no content): every link of
    // the trail can still be followed in the backend.
    const stubs = receiver.records.filter(isOmitted);
    expect(stubs.length).toBeGreaterThan(0);
    const lines = (await trailLines()).map((line) => JSON.parse(line));
    const chain = receiver.records
      .filter((r) => isEvent(r) || isOmitted(r))
      .map((r) => [r.attributes["trailseal.seq"], r.attributes["trailseal.hash"]]);
    expect(chain).toEqual(lines.map((event) => [event.seq, event.hash]));
    for (const stub of stubs) expect(stub.body).not.toContain('"action"');
  });

  it("resumes from a named cursor, only after the endpoint accepted, sealed events only", async () => {
    receiver.records.length = 0;
    const args = ["export", "--otlp-endpoint", receiver.url, "--cursor", "siem", "--sealed-only", "--json"];
    receiver.status = 400;
    const failed = await cli(args, undefined, 1);
    expect(failed.stderr).toContain("EXPORT_OTLP_FAILED");
    receiver.status = 200;
    const first = JSON.parse((await cli(args)).stdout);
    expect(first).toMatchObject({ from_seq: 0, next_seq: 5, events: 5, seals: 2 });
    expect(JSON.parse((await cli(args)).stdout)).toMatchObject({ from_seq: 5, next_seq: 5, events: 0 });
    await cli(["seal"]);
    // The seal its start sits on opens the stretch (it binds from_seq and prev), then the new one.
    expect(JSON.parse((await cli(args)).stdout)).toMatchObject({
      from_seq: 5,
      next_seq: 6,
      events: 1,
      seals: 2,
    });
    const seqs = receiver.records.filter(isEvent).map((r) => r.attributes["trailseal.seq"]);
    expect(seqs).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe("JSON Lines export and verify --export", () => {
  let copy: string;
  let lines: string[];

  beforeAll(async () => {
    // Copies live in the home's own directory tree, removed with it.
    copy = join(home, "copy.jsonl");
    await cli(["export", "--format", "jsonl", "--output", copy]);
    lines = (await readFile(copy, "utf8")).trim().split("\n");
  });

  async function verifyCopy(text: string) {
    const tampered = `${copy}.tampered`;
    await writeFile(tampered, text);
    return cli(
      ["verify", "--export", tampered, "--json"],
      undefined,
      text === lines.join("\n") + "\n" ? 0 : 1,
    );
  }
  const eventLine = (seq: number) =>
    lines.findIndex((line) => line.includes(`"seq":${seq},`) && line.startsWith('{"type":"event"'));

  it("verifies an untouched copy with its seals", async () => {
    const { stdout } = await verifyCopy(`${lines.join("\n")}\n`);
    expect(JSON.parse(stdout)).toMatchObject({
      ok: true,
      events: 6,
      seals: 3,
      signatures_checked: 3,
      next_seq: 6,
    });
    expect(lines.join("\n")).not.toContain(SECRET);
  });

  it("catches a deleted record and names it", async () => {
    const text = lines.filter((_, i) => i !== eventLine(2)).join("\n");
    const { stdout } = await verifyCopy(`${text}\n`);
    expect(JSON.parse(stdout).problem, stdout).toMatchObject({ reason: "gap", seq: 2 });
  });

  it("catches an edited record and names it", async () => {
    const at = eventLine(1);
    const edited = lines.map((line, i) =>
      i === at ? line.replace("gh auth login", "gh auth status") : line,
    );
    expect(edited[at]).not.toBe(lines[at]);
    const { stdout } = await verifyCopy(`${edited.join("\n")}\n`);
    expect(JSON.parse(stdout).problem).toMatchObject({ reason: "hash_mismatch", seq: 1 });
  });

  it("catches reordered records and names the first out of place", async () => {
    const a = eventLine(3);
    const b = eventLine(4);
    const swapped = [...lines];
    [swapped[a], swapped[b]] = [swapped[b]!, swapped[a]!];
    const { stdout } = await verifyCopy(`${swapped.join("\n")}\n`);
    expect(JSON.parse(stdout).problem).toMatchObject({ reason: "gap", seq: 3 });
  });

  it("catches a record turned into an omitted stub in an unfiltered copy", async () => {
    const at = eventLine(4);
    const event = JSON.parse(lines[at]!).event;
    const hidden = lines.map((line, i) =>
      i === at ? JSON.stringify({ type: "omitted", seq: 4, hash: event.hash }) : line,
    );
    const { stdout } = await verifyCopy(`${hidden.join("\n")}\n`);
    expect(JSON.parse(stdout).problem).toMatchObject({ reason: "gap", seq: 4 });
  });

  it("verifies a risk-filtered copy, whose stubs keep the links", async () => {
    const filtered = `${copy}.critical`;
    await cli(["export", "--output", filtered, "--min-risk", "high"]);
    const { stdout } = await cli(["verify", "--export", filtered, "--json"]);
    const result = JSON.parse(stdout);
    expect(result).toMatchObject({ ok: true, seals: 3, next_seq: 6 });
    expect(result.events + result.omitted).toBe(6);
    expect(result.omitted).toBeGreaterThan(0);
  });

  it("catches a cut-off copy, and an edit re-hashed to the end through the covering seal", async () => {
    const cut = await verifyCopy(`${lines.slice(0, -2).join("\n")}\n`);
    expect(JSON.parse(cut.stdout).problem.reason).toBe("truncated");
    const { computeEventHash } = await import("../../src/chain/index.js");
    let prev = "";
    const rehashed = lines.map((line) => {
      const record = JSON.parse(line);
      if (record.type !== "event") return line;
      const event = record.event;
      if (event.seq === 0) event.action.command = "npm run lint";
      if (prev) event.prev = prev;
      event.hash = computeEventHash(event);
      prev = event.hash;
      return JSON.stringify(record);
    });
    const { stdout } = await verifyCopy(`${rehashed.join("\n")}\n`);
    expect(JSON.parse(stdout).problem).toMatchObject({ reason: "seal_mismatch" });
  });
});
