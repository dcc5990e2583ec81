import { describe, expect, it } from "vitest";
import { createBearerCheck, parseBearer, sameSecret } from "../../src/bearer/index.js";

describe("bearer tokens", () => {
  it("parses Authorization: Bearer <token> and nothing else", () => {
    expect(parseBearer("Bearer abc.DEF-123")).toBe("abc.DEF-123");
    expect(parseBearer("bearer  abc ")).toBe("abc");
    expect(parseBearer("Basic abc")).toBeNull();
    expect(parseBearer("Bearer a b")).toBeNull();
    expect(parseBearer(undefined)).toBeNull();
  });

  it("accepts any configured token and refuses the rest, an empty header included", () => {
    const check = createBearerCheck(["first-token-0001", "second-token-002"])!;
    expect(check("Bearer first-token-0001")).toBe(true);
    expect(check("Bearer second-token-002")).toBe(true);
    expect(check("Bearer first-token-000")).toBe(false);
    expect(check(undefined)).toBe(false);
    expect(check("Bearer ")).toBe(false);
  });

  it("is absent without tokens, so an open server is the caller's explicit choice", () => {
    expect(createBearerCheck([])).toBeNull();
  });

  it("compares secrets of different lengths without throwing", () => {
    expect(sameSecret("short", "a much longer secret")).toBe(false);
    expect(sameSecret("same", "same")).toBe(true);
  });
});
