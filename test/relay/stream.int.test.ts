/**
 * The relay streams the trail's events to the organisation's collector: the built CLI's relay
 * daemon (a real process) with `export.otlp` in relay-config.json, and a real OTLP/HTTP receiver
 * on 127.0.0.1 that goes down and comes back on the same port. Every event arrives (at least
 * once, each with its stable `trailseal.hash`), events recorded during the outage included, and
 * the cursor is the one `trailseal export --cursor` moves.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Receiver, startReceiver } from "../export/otlp-receiver.js";
import { runCli, tempDir } from "../helpers/cli.js";

/** Polls until `check` passes; the limit only guards against a hung test, it is not an assertion on speed. */
async function waitFor<T>(what: string, probe: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 60_000;
  let last = await probe();
  while (!check(last)) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}: ${JSON.stringify(last)}`);
    await sleep(100);
    last = await probe();
  }
  return last;
}

describe("relay event stream to an OTLP collector", () => {
  let home: string;
  let cleanup: () => Promise<void>;
  let receiver: Receiver | null = null;
  const cli = (args: string[], input?: string) => runCli(["--home", home, ...args], { input });
  const record = async (...commands: string[]) => {
    const result = await cli(
      ["record"],
      commands.map((command) => JSON.stringify({ kind: "command", command, agent: "ci-bot" })).join("\n"),
    );
    expect(result.code, result.stderr).toBe(0);
  };
  const trailHashes = async () =>
    (await readFile(join(home, "trail", "events-000000.jsonl"), "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line).hash as string);

  beforeEach(async () => {
    ({ dir: home, cleanup } = await tempDir("trailseal-relay-stream-"));
    expect((await cli(["init"])).code).toBe(0);
  });
  afterEach(async () => {
    await cli(["relay", "stop"]);
    await receiver?.close();
    receiver = null;
    await cleanup();
  });

  it("sends every event within seconds, and everything recorded during a collector outage once it is back", async () => {
    receiver = await startReceiver();
    const port = Number(new URL(receiver.url).port);
    await writeFile(
      join(home, "relay-config.json"),
      JSON.stringify({
        export: {
          otlp: {
            endpoint: receiver.url,
            protocol: "http/json",
            headers: { authorization: "Bearer collector-token" },
            interval_seconds: 0.2,
          },
        },
      }),
    );
    await record("npm test", "git status");
    expect((await cli(["relay", "start", "--interval", "60s"])).code).toBe(0);
    const received = () => {
      const hashes = new Set<string>();
      for (const r of receiver?.records ?? [])
        if (typeof r.attributes["trailseal.hash"] === "string" && !("trailseal.omitted" in r.attributes))
          hashes.add(r.attributes["trailseal.hash"] as string);
      return hashes;
    };
    const all = new Set<string>();
    const arrived = async () => {
      for (const hash of received()) all.add(hash);
      return all;
    };
    await waitFor("the first events", arrived, (got) => got.size >= 2);
    expect(receiver.requests[0]!.headers.authorization).toBe("Bearer collector-token");
    await record("ls -la");
    await waitFor("an event recorded later", arrived, (got) => got.size >= 3);

    // The collector goes down; events keep being recorded.
    await receiver.close();
    receiver = null;
    await record("echo during-outage-1", "echo during-outage-2");
    const log = await waitFor(
      "a failed send",
      () => readFile(join(home, "relay.log"), "utf8"),
      (text) => /warn {2}events not sent to/.test(text),
    );
    expect(log).not.toContain("collector-token");
    const status = await waitFor(
      "the failure in relay status",
      async () => JSON.parse((await cli(["relay", "status", "--json"])).stdout),
      (s) => typeof s.event_stream?.last_error === "string",
    );
    expect(status.event_stream).toMatchObject({ endpoint: expect.stringContaining(`:${port}/`) });
    expect(JSON.stringify(status)).not.toContain("collector-token");

    // Back on the same port: everything since the cursor arrives.
    receiver = await startReceiver(port);

    const expected = await trailHashes();
    await waitFor("every event after the outage", arrived, (got) => expected.every((hash) => got.has(hash)));
    expect(expected).toHaveLength(5);
    const after = await waitFor(
      "the recovery in relay status",
      async () => JSON.parse((await cli(["relay", "status", "--json"])).stdout),
      (s) => s.event_stream?.last_error === null && s.event_stream?.next_seq === 5,
    );
    expect(after.event_stream.events_sent).toBeGreaterThanOrEqual(5);
    // The cursor is the export's own: an export with it has nothing new to send.
    const again = await cli(["export", "--otlp-endpoint", receiver.url, "--cursor", "relay-otlp", "--json"]);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ events: 0, next_seq: 5 });
  });
});
