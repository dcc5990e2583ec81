import { describe, expect, it } from "vitest";
import { ROUTES } from "../../../src/witness/protocol/index.js";
import { witnessServers } from "./servers.js";
import { sampleRequest } from "./storage-contract.js";

const start = witnessServers();

async function anchors(url: string): Promise<number> {
  return ((await (await fetch(`${url}${ROUTES.health}`)).json()) as { anchors: number }).anchors;
}

describe("witness server: the body is UTF-8 JSON, nothing else", () => {
  it.each([
    "application/json; charset=utf-16",
    "application/json; charset=UTF-16LE",
    'application/json; charset="utf-32"',
    "application/json; charset=latin1",
  ])("answers 415 for %s and stores nothing", async (contentType) => {
    const server = await start();
    const body =
      contentType.includes("16") || contentType.includes("32")
        ? Buffer.from(JSON.stringify(sampleRequest(1)), "utf16le")
        : Buffer.from(JSON.stringify(sampleRequest(1)), "latin1");
    const response = await fetch(`${server.url}${ROUTES.anchor}`, {
      method: "POST",
      headers: { "content-type": contentType },
      body,
    });
    expect(response.status).toBe(415);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      "WITNESS_UNSUPPORTED_MEDIA_TYPE",
    );
    expect(await anchors(server.url)).toBe(0);
  });

  it("accepts charset=utf-8 in any case", async () => {
    const server = await start();
    const response = await fetch(`${server.url}${ROUTES.anchor}`, {
      method: "POST",
      headers: { "content-type": "application/json; charset=UTF-8" },
      body: JSON.stringify(sampleRequest(2)),
    });
    expect(response.status).toBe(201);
  });

  it("answers 400 for invalid UTF-8 in key_id and stores nothing (no U+FFFD)", async () => {
    const server = await start();
    const text = JSON.stringify({ ...sampleRequest(3), key_id: "key-PLACEHOLDER" });
    const [before, after] = text.split("PLACEHOLDER") as [string, string];
    const body = Buffer.concat([Buffer.from(before), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from(after)]);
    const response = await fetch(`${server.url}${ROUTES.anchor}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toMatch(/^WITNESS_INVALID/);
    expect(await anchors(server.url)).toBe(0);
  });
});
