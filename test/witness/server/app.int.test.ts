import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { type AnchorStorage, PROTOCOL, ROUTES } from "../../../src/witness/protocol/index.js";
import { witnessServers } from "./servers.js";
import { sampleRequest } from "./storage-contract.js";

const start = witnessServers();

/** What the tests read from a response body (a receipt, an error, a health body). */
interface Body {
  error: { code: string };
  anchor_id: string;
  anchors: number;
  [field: string]: unknown;
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}${ROUTES.anchor}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json().catch(() => null)) as Body,
  };
}

describe("witness server: strict validation, never 5xx on hostile input", () => {
  const hostile: [string, (r: Record<string, unknown>) => unknown][] = [
    ["impossible date", (r) => ({ ...r, requested_at: "2026-02-30T00:00:00.000Z" })],
    ["hour 24", (r) => ({ ...r, requested_at: "2026-01-01T24:00:00.000Z" })],
    ["offset instead of Z", (r) => ({ ...r, requested_at: "2026-01-01T00:00:00.000+00:00" })],
    [
      "integer beyond 2^53",
      (r) => JSON.stringify(r).replace(/"chained_events":\d+/, '"chained_events":9007199254740993'),
    ],
    ["1e300", (r) => ({ ...r, chained_events: 1e300 })],
    [
      "uppercase hex tip",
      (r) => ({ ...r, tip_hash: (r.tip_hash as string).toUpperCase().replace("SHA256", "sha256") }),
    ],
    ["uppercase hex signature", (r) => ({ ...r, seal_signature: `hmac-sha256:${"A".repeat(64)}` })],
    ["control character in key_id", (r) => ({ ...r, key_id: "key\u0000id" })],
    ["newline in key_id", (r) => ({ ...r, key_id: "key\nid" })],
    ["lone surrogate in key_id", (r) => `${JSON.stringify(r).replace('"contract-key"', '"\\ud800"')}`],
    ["unknown member", (r) => ({ ...r, extra: 1 })],
    ["__proto__ member", (r) => JSON.stringify(r).replace("{", '{"__proto__":{"x":1},')],
    ["null body", () => "null"],
    ["string body", () => '"hello"'],
    ["deeply nested", () => `${"[".repeat(5000)}${"]".repeat(5000)}`],
    ["key_id of 257 characters", (r) => ({ ...r, key_id: "k".repeat(257) })],
  ];
  it.each(hostile)("answers 400 with an error code: %s", async (_name, mutate) => {
    const server = await start();
    const result = await post(server.url, mutate(sampleRequest(3) as unknown as Record<string, unknown>));
    expect(result.status).toBe(400);
    expect(result.body.error.code).toMatch(/^WITNESS_/);
    const health = (await (await fetch(`${server.url}${ROUTES.health}`)).json()) as Body;
    expect(health.anchors).toBe(0);
  });

  it("answers 201, then 200 with the same receipt; GET returns the stored anchor", async () => {
    const server = await start();
    const request = sampleRequest(5);
    const first = await post(server.url, request);
    expect(first.status).toBe(201);
    expect(first.headers.get("location")).toBe(`/api/v1/anchors/${first.body.anchor_id}`);
    const again = await post(server.url, request, { "content-type": "application/json; charset=utf-8" });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const got = (await (await fetch(`${server.url}/api/v1/anchors/${first.body.anchor_id}`)).json()) as Body;
    expect(got).toMatchObject({ ...request, ...first.body });
    const health = (await (await fetch(`${server.url}${ROUTES.health}`)).json()) as Body;
    expect(health).toMatchObject({
      status: "ok",
      protocol: "trailseal-witness-v1",
      anchors: 1,
      backend: "file",
    });
  });

  it("maps the other errors: 404, 405, 413, 415, bad escapes", async () => {
    const server = await start({ limits: { maxBodyBytes: 1024 } });
    const cases: [string, RequestInit, number, string][] = [
      ["/api/v1/anchors/wit_nothere", {}, 404, "WITNESS_ANCHOR_NOT_FOUND"],
      ["/api/v1/anchors/..%2F..%2Fetc", {}, 400, "WITNESS_INVALID_ANCHOR_ID"],
      ["/api/v1/anchors/wit_%E0%A4%A", {}, 400, "WITNESS_INVALID_REQUEST"],
      ["/api/v1/nope", {}, 404, "WITNESS_ROUTE_NOT_FOUND"],
      [ROUTES.anchor, {}, 405, "WITNESS_METHOD_NOT_ALLOWED"],
      [ROUTES.health, { method: "DELETE" }, 405, "WITNESS_METHOD_NOT_ALLOWED"],
      [
        ROUTES.anchor,
        { method: "POST", body: "{}", headers: { "content-type": "text/plain" } },
        415,
        "WITNESS_UNSUPPORTED_MEDIA_TYPE",
      ],
      [ROUTES.anchor, { method: "POST" }, 415, "WITNESS_UNSUPPORTED_MEDIA_TYPE"],
      [
        ROUTES.anchor,
        { method: "POST", body: "x".repeat(5000), headers: { "content-type": "application/json" } },
        413,
        "WITNESS_PAYLOAD_TOO_LARGE",
      ],
      [
        ROUTES.anchor,
        { method: "POST", body: "{bad", headers: { "content-type": "application/json" } },
        400,
        "WITNESS_INVALID_JSON",
      ],
      [
        ROUTES.anchor,
        { method: "POST", body: "{}", headers: { "content-type": "application/json; charset=latin1" } },
        415,
        "WITNESS_UNSUPPORTED_MEDIA_TYPE",
      ],
    ];
    for (const [path, init, status, code] of cases) {
      const response = await fetch(`${server.url}${path}`, init);
      expect([path, response.status]).toEqual([path, status]);
      expect(((await response.json()) as Body).error.code).toBe(code);
    }
  });
});

describe("witness server: auth, rate limit, storage failure, stalled clients", () => {
  it("requires a bearer token for POST when tokens are set; GETs stay public", async () => {
    const server = await start({ tokens: ["s3cret-token", "other-token"] });
    const request = sampleRequest(1);
    for (const headers of <Record<string, string>[]>[
      {},
      { authorization: "Bearer wrong" },
      { authorization: "Basic s3cret-token" },
      { authorization: "Bearer " },
    ]) {
      const result = await post(server.url, request, headers);
      expect(result.status).toBe(401);
      expect(result.body.error.code).toBe("WITNESS_UNAUTHORIZED");
      expect(result.headers.get("www-authenticate")).toMatch(/^Bearer/);
    }
    expect((await post(server.url, request, { authorization: "Bearer other-token" })).status).toBe(201);
    expect((await fetch(`${server.url}${ROUTES.health}`)).status).toBe(200);
  });

  it("answers 429 with Retry-After once the bucket is empty", async () => {
    const fixed = new Date("2026-01-01T00:00:00.000Z");
    const server = await start({ limits: { rateBurst: 3, ratePerSecond: 1 }, now: () => fixed });
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${server.url}${ROUTES.health}`);
      statuses.push(response.status);
      if (response.status === 429) {
        retryAfter = response.headers.get("retry-after");
        expect(((await response.json()) as Body).error.code).toBe("WITNESS_RATE_LIMITED");
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  });

  it("answers 503 when the storage fails, and the request changes nothing", async () => {
    const failing: AnchorStorage = {
      append: async () => {
        throw new Error("disk on fire");
      },
      get: async () => null,
      latestForKey: async () => null,
      count: async () => 0,
      health: async () => ({
        backend: "failing",
        entries: 0,
        commits_since_start: 0,
        anchors_since_start: 0,
      }),
      close: async () => undefined,
    };
    const server = await start({ storage: failing });
    const result = await post(server.url, sampleRequest(1));
    expect(result.status).toBe(503);
    expect(result.body.error.code).toBe("WITNESS_STORAGE_UNAVAILABLE");
    expect(result.headers.get("retry-after")).toBeTruthy();
  });

  it("answers health with 503 and the protocol when the storage cannot be read", async () => {
    const unreadable: AnchorStorage = {
      append: async () => {
        throw new Error("EIO");
      },
      get: async () => null,
      latestForKey: async () => null,
      count: async () => {
        throw new Error("EIO");
      },
      health: async () => {
        throw new Error("EIO");
      },
      close: async () => undefined,
    };
    const server = await start({ storage: unreadable });
    const response = await fetch(`${server.url}${ROUTES.health}`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable", protocol: PROTOCOL });
  });

  it("keeps serving others while one client stalls mid-headers and another mid-body", async () => {
    const server = await start();
    const { port, hostname } = new URL(server.url);
    const stalled = [
      "GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Slow: ",
      `POST /api/v1/anchor HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n{"protocol":`,
    ].map(
      (text) =>
        new Promise<ReturnType<typeof connect>>((resolve) => {
          const socket = connect(Number(port), hostname, () => {
            socket.write(text);
            resolve(socket);
          });
          socket.on("error", () => undefined);
        }),
    );
    const sockets = await Promise.all(stalled);
    try {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => post(server.url, sampleRequest(100 + i))),
      );
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });
});

describe("witness server: property, arbitrary bodies never produce a 5xx", () => {
  it("answers 201/200 or a 4xx with an error code for any JSON or byte body", async () => {
    const fc = (await import("fast-check")).default;
    const server = await start({ limits: { maxBodyBytes: 4096, rateBurst: 0, ratePerSecond: 0 } });
    const base = sampleRequest(1) as unknown as Record<string, unknown>;
    const bodies = fc.oneof(
      fc.json(),
      fc.string({ unit: "binary" }),
      fc.record({ ...Object.fromEntries(Object.keys(base).map((k) => [k, fc.option(fc.jsonValue())])) }),
      fc
        .dictionary(fc.constantFrom(...Object.keys(base), "__proto__", "constructor"), fc.jsonValue())
        .map((patch) => JSON.stringify({ ...base, ...patch })),
    );
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const result = await post(server.url, typeof body === "string" ? body : JSON.stringify(body));
        expect(result.status).toBeLessThan(500);
        if (result.status >= 400) expect(result.body.error.code).toMatch(/^WITNESS_/);
      }),
      { numRuns: 150 },
    );
  });
});
