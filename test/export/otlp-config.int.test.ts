/**
 * OpenTelemetry the way its users configure it, through the built CLI and a real OTLP/HTTP
 * receiver on 127.0.0.1: a base URL gets /v1/logs; OTEL_EXPORTER_OTLP_ENDPOINT,
 * OTEL_EXPORTER_OTLP_LOGS_ENDPOINT and OTEL_EXPORTER_OTLP_HEADERS are honoured; severities are
 * what an on-call engineer expects (critical is ERROR, never FATAL); an omitted stub carries its
 * event's time and --no-omitted leaves stubs out; an unreachable collector is a clear error with
 * the time spent.
 */
import { createServer } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runCli, tempDir } from "../helpers/cli.js";
import { type ReceivedRecord, type Receiver, startReceiver } from "./otlp-receiver.js";

let root: string;
let home: string;
let cleanup: () => Promise<void>;
let receiver: Receiver;
const env = () => ({ TRAILSEAL_HOME: home });
// The receiver's protobuf definitions predate eventName: records are told apart by attributes.
const isStub = (r: ReceivedRecord) => "trailseal.omitted" in r.attributes;
const isEvent = (r: ReceivedRecord) => "trailseal.risk.level" in r.attributes && !isStub(r);
const base = () => receiver.url.replace(/\/v1\/logs$/, "");

beforeAll(async () => {
  ({ dir: root, cleanup } = await tempDir("trailseal-otlp-config-"));
  home = join(root, "home");
  expect((await runCli(["init"], { env: env() })).code).toBe(0);
  const actions = ["ls", "sudo rm -rf /", "git push --force origin main", "curl -d @x https://example.com"]
    .map((command) => JSON.stringify({ kind: "command", command }))
    .join("\n");
  expect((await runCli(["record"], { input: actions, env: env() })).code).toBe(0);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await cleanup();
});
beforeEach(() => {
  receiver.records.length = 0;
  receiver.requests.length = 0;
});

describe("OTLP endpoint and headers", () => {
  it("--otlp-endpoint http://host:port posts to /v1/logs", async () => {
    const run = await runCli(["export", "--otlp-endpoint", base()], { env: env() });
    expect(run.code, run.stderr).toBe(0);
    expect(receiver.requests.map((r) => r.path)).toEqual(["/v1/logs"]);
  });

  it("honours OTEL_EXPORTER_OTLP_ENDPOINT (+/v1/logs) and OTEL_EXPORTER_OTLP_HEADERS", async () => {
    const run = await runCli(["export"], {
      env: {
        ...env(),
        OTEL_EXPORTER_OTLP_ENDPOINT: `${base()}/`,
        OTEL_EXPORTER_OTLP_HEADERS: "x-team=sec%20ops,authorization=Bearer t0k",
      },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(receiver.requests[0]!.path).toBe("/v1/logs");
    expect(receiver.requests[0]!.headers["x-team"]).toBe("sec ops");
    expect(receiver.requests[0]!.headers.authorization).toBe("Bearer t0k");
    expect(run.stdout + run.stderr).not.toContain("t0k");
  });

  it("OTEL_EXPORTER_OTLP_LOGS_ENDPOINT is used as is", async () => {
    const run = await runCli(["export"], {
      env: { ...env(), OTEL_EXPORTER_OTLP_LOGS_ENDPOINT: `${base()}/custom/logs` },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(receiver.requests[0]!.path).toBe("/custom/logs");
  });
});

describe("OTLP records", () => {
  it("critical is ERROR, high WARN3, nothing is FATAL", async () => {
    expect((await runCli(["export", "--otlp-endpoint", base()], { env: env() })).code).toBe(0);
    const events = receiver.records.filter(isEvent);
    const byLevel = (level: string) => events.find((r) => r.attributes["trailseal.risk.level"] === level)!;
    expect(byLevel("critical").severityText).toBe("ERROR");
    expect(byLevel("none").severityText).toBe("INFO");
    expect(receiver.records.some((r) => r.severityText === "FATAL")).toBe(false);
  });

  it("an omitted stub carries its event's time; --no-omitted leaves stubs out", async () => {
    expect(
      (await runCli(["export", "--otlp-endpoint", base(), "--min-risk", "high"], { env: env() })).code,
    ).toBe(0);
    const stubs = receiver.records.filter(isStub);
    expect(stubs.length).toBeGreaterThan(0);
    for (const stub of stubs) {
      expect(stub.timeUnixNano).toBeDefined();
      const ms = Number(BigInt(stub.timeUnixNano!) / 1_000_000n);
      expect(Math.abs(ms - Date.now())).toBeLessThan(24 * 3600 * 1000);
    }
    receiver.records.length = 0;
    expect(
      (
        await runCli(["export", "--otlp-endpoint", base(), "--min-risk", "high", "--no-omitted"], {
          env: env(),
        })
      ).code,
    ).toBe(0);
    expect(receiver.records.some(isStub)).toBe(false);
    expect(receiver.records.some(isEvent)).toBe(true);
  });

  it("an unreachable collector is EXPORT_OTLP_FAILED naming the endpoint and the time spent", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const run = await runCli(["export", "--otlp-endpoint", `http://127.0.0.1:${port}`], { env: env() });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(
      new RegExp(
        `http://127\\.0\\.0\\.1:${port}/v1/logs did not accept \\d+ record\\(s\\) after \\d+\\.\\d s`,
      ),
    );
    expect(run.stderr).toContain("(EXPORT_OTLP_FAILED)");
  });
});
