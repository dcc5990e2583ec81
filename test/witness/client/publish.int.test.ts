import { afterEach, describe, expect, it } from "vitest";
import { exitCodeOf } from "../../../src/errors/index.js";
import { publishSeal, verifyReceipts } from "../../../src/witness/index.js";
import { ROUTES } from "../../../src/witness/protocol/index.js";
import { deadUrl, homeWithSeal, reload, startRawServer, startRealWitness } from "./fixtures.js";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function setup() {
  const home = await homeWithSeal();
  closers.push(home.cleanup);
  const good = await Promise.all([startRealWitness(), startRealWitness(["tok-en-123456"])]);
  for (const witness of good) closers.push(witness.close);
  const down = await deadUrl();
  const hung = await startRawServer(() => undefined); // accepts, never answers
  closers.push(hung.close);
  let garbageHits = 0;
  const garbage = await startRawServer((_req, res) => {
    garbageHits += 1;
    res.writeHead(201, { "content-type": "application/json" }).end('{"ok":true,"id":42}');
  });
  closers.push(garbage.close);
  const endpoints = [
    { url: good[0]!.server.url, name: "good-open" },
    { url: `${good[1]!.server.url}${ROUTES.anchor}`, name: "good-token", auth_token: "tok-en-123456" },
    { url: down, name: "down" },
    { url: hung.url, name: "hung" },
    { url: garbage.url, name: "garbage" },
  ];
  return { ...home, endpoints, garbageHits: () => garbageHits };
}

describe("publishSeal: quorum over real witnesses, with one down, one hung, one answering garbage", () => {
  it("meets quorum 2 of 5 and reports every outcome; receipts are stored", async () => {
    const { home, stored, endpoints, garbageHits } = await setup();
    const result = await publishSeal({
      home,
      stored,
      endpoints,
      quorum: 2,
      timeoutMs: 1500,
      retries: 1,
      backoffMs: 10,
    });
    expect(result).toMatchObject({ seal_id: stored.id, quorum: 2, confirmations: 2, met: true });
    const byName = Object.fromEntries(result.outcomes.map((outcome) => [outcome.name, outcome]));
    expect(byName["good-open"]).toMatchObject({ ok: true });
    expect(byName["good-token"]).toMatchObject({ ok: true });
    expect(byName.down).toMatchObject({ ok: false, error: { code: "WITNESS_UNREACHABLE" }, attempts: 2 });
    expect(byName.hung).toMatchObject({ ok: false, error: { code: "WITNESS_TIMEOUT" }, attempts: 2 });
    expect(byName.garbage).toMatchObject({
      ok: false,
      error: { code: "WITNESS_RESPONSE_INVALID" },
      attempts: 2,
    });
    expect(garbageHits()).toBe(2);
    const saved = await reload(home, stored.id);
    expect(saved.receipts.map((r) => r.witness.name).sort()).toEqual(["good-open", "good-token"]);
    expect(saved.receipts[0]!.receipt.anchor_id).toMatch(/^wit_/);

    // Publishing again is idempotent on the witnesses and adds no duplicate receipts.
    const again = await publishSeal({
      home,
      stored: saved,
      endpoints: endpoints.slice(0, 2),
      quorum: 2,
      timeoutMs: 1500,
    });
    expect(again.met).toBe(true);
    expect((await reload(home, stored.id)).receipts).toHaveLength(2);

    const verified = await verifyReceipts({ home, stored: await reload(home, stored.id), quorum: 2 });
    expect(verified).toMatchObject({ confirmations: 2, met: true, consistent: true });
  });

  it("below quorum returns met=false without throwing, keeping the partial receipts", async () => {
    const { home, stored, endpoints } = await setup();
    const partial = [endpoints[0]!, ...endpoints.slice(2)];
    const result = await publishSeal({
      home,
      stored,
      endpoints: partial,
      quorum: 2,
      timeoutMs: 1500,
      retries: 0,
    });
    expect(result).toMatchObject({ confirmations: 1, met: false });
    expect(result.outcomes.map((o) => o.attempts)).toEqual([1, 1, 1, 1]);
    expect((await reload(home, stored.id)).receipts).toHaveLength(1);
  });

  it("does not retry a 401, and sends the token only where configured", async () => {
    const { home, stored, endpoints } = await setup();
    const withoutToken = { ...endpoints[1]!, auth_token: undefined };
    const result = await publishSeal({
      home,
      stored,
      endpoints: [withoutToken],
      quorum: 1,
      retries: 3,
      backoffMs: 10,
    });
    expect(result.outcomes[0]).toMatchObject({
      ok: false,
      attempts: 1,
      error: { code: "WITNESS_UNAUTHORIZED" },
    });
  });

  it("refuses an unreachable quorum and duplicate witnesses as usage errors (exit 2)", async () => {
    const { home, stored, endpoints } = await setup();
    const unreachable = await publishSeal({
      home,
      stored,
      endpoints: endpoints.slice(0, 1),
      quorum: 2,
    }).catch((e: unknown) => e);
    expect(unreachable).toMatchObject({ code: "WITNESS_QUORUM_INVALID" });
    expect(exitCodeOf(unreachable)).toBe(2);
    await expect(
      publishSeal({
        home,
        stored,
        endpoints: [endpoints[0]!, { ...endpoints[0]!, name: "again" }],
        quorum: 1,
      }),
    ).rejects.toMatchObject({ code: "WITNESS_DUPLICATE_ENDPOINT" });
  });

  it("honours Retry-After from a 429 and then succeeds", async () => {
    const { home, stored } = await homeWithSeal().then((h) => {
      closers.push(h.cleanup);
      return h;
    });
    let hits = 0;
    const limited = await startRawServer((_req, res) => {
      hits += 1;
      if (hits === 1) {
        res.writeHead(429, { "retry-after": "0", "content-type": "application/json" });
        res.end('{"error":{"code":"WITNESS_RATE_LIMITED","message":"slow down"}}');
        return;
      }
      res.writeHead(201, { "content-type": "application/json" });
      res.end('{"anchor_id":"wit_minimal","witnessed_at":"2026-01-01T00:00:00.000Z"}');
    });
    closers.push(limited.close);
    const result = await publishSeal({
      home,
      stored,
      endpoints: [{ url: limited.url, name: "limited" }],
      quorum: 1,
      backoffMs: 10,
    });
    expect(result.outcomes[0]).toMatchObject({
      ok: true,
      attempts: 2,
      receipt: { anchor_id: "wit_minimal" },
    });
  });
});

describe("verifyReceipts against witnesses that were not written here", () => {
  it("works with a minimal witness (receipt of two fields, health of one) and catches altered data", async () => {
    const { home, stored, cleanup } = await homeWithSeal();
    closers.push(cleanup);
    const anchors = new Map<string, Record<string, unknown>>();
    let tamper = false;
    // Answers the bare minimum SPEC §4.1 asks for, and can be told to alter what it returns.
    const minimal = await startRawServer((req, res, body) => {
      const json = (status: number, payload: unknown) =>
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(payload));
      if (req.method === "POST") {
        const id = `wit_${anchors.size + 1}`;
        const witnessed_at = "2026-01-01T00:00:00.000Z";
        anchors.set(id, { ...JSON.parse(body), anchor_id: id, witnessed_at });
        return json(201, { anchor_id: id, witnessed_at });
      }
      if (req.url === "/api/v1/health") return json(200, { status: "ok" });
      const anchor = anchors.get(req.url?.split("/").pop() ?? "");
      if (!anchor) return json(404, { error: { code: "NOPE", message: "no" } });
      return json(
        200,
        tamper ? { ...anchor, tip_hash: `sha256:${"0".repeat(64)}`, chained_events: 4 } : anchor,
      );
    });
    closers.push(minimal.close);

    const published = await publishSeal({
      home,
      stored,
      endpoints: [{ url: minimal.url, name: "minimal" }],
      quorum: 1,
    });
    expect(published.met).toBe(true);
    const saved = await reload(home, stored.id);
    expect(await verifyReceipts({ home, stored: saved, quorum: 1 })).toMatchObject({
      met: true,
      consistent: true,
      results: [{ status: "match" }],
    });
    tamper = true;
    const caught = await verifyReceipts({ home, stored: saved, quorum: 1 });
    expect(caught).toMatchObject({ met: false, consistent: false, results: [{ status: "mismatch" }] });
    expect(caught.results[0]!.differences!.map((d) => d.field).sort()).toEqual([
      "chained_events",
      "tip_hash",
    ]);
    anchors.clear();
    const denied = await verifyReceipts({ home, stored: saved, quorum: 1 });
    expect(denied.results[0]).toMatchObject({
      status: "mismatch",
      error: { code: "WITNESS_ANCHOR_NOT_FOUND" },
    });
  });
});
