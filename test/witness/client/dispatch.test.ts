import { describe, expect, it } from "vitest";
import { createWitness } from "../../../src/witness/index.js";

describe("createWitness", () => {
  it("builds an HTTP client for http(s) URLs, appending the anchor path to a base URL", async () => {
    const client = await createWitness(
      { url: "https://w.example/base", name: "w" },
      { home: "/nonexistent" },
    );
    expect(client).toMatchObject({ kind: "http", name: "w", url: "https://w.example/base/api/v1/anchor" });
  });

  it("hands git URLs to the git transparency-log client", async () => {
    const client = await createWitness({ url: "/srv/log.git", name: "log" }, { home: "/nonexistent" });
    expect(client.kind).toBe("git");
  });
});
