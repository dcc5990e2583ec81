import { describe, expect, it } from "vitest";
import { parseRelayConfig } from "../../src/home/index.js";

function errorOf(text: string): { code?: string; message: string; hint?: string; cause?: unknown } {
  try {
    parseRelayConfig(text);
  } catch (error) {
    return error as { code?: string; message: string; hint?: string; cause?: unknown };
  }
  throw new Error("expected a config error");
}

describe("parseRelayConfig", () => {
  it("never quotes the file in a JSON syntax error (it holds auth tokens)", () => {
    const texts = [
      '{"witness":{"endpoints":[{"url":"x","name":"a","auth_token":SUPERSECRET-TOKEN}]}}',
      '{"witness":{"endpoints":[{"url":"x","name":"a","auth_token":"SUPERSECRET-TOKEN" x}]}}',
      '{"witness":{"endpoints":[{"url":"x","name":"a","auth_token":"SUPERSECRET-TOKEN",}]}}',
    ];
    for (const text of texts) {
      const error = errorOf(text);
      expect(error.code).toBe("CONFIG_INVALID_JSON");
      expect(`${error.message} ${error.hint} ${String(error.cause)}`).not.toContain("SUPERSECRET");
    }
  });

  it("names the line and column of a syntax error when the parser gives a position", () => {
    expect(errorOf('{\n  "auto_seal": {,\n}').message).toContain("line 2");
  });

  it("refuses a quorum above the number of endpoints", () => {
    expect(errorOf('{"witness":{"enabled":true,"quorum":2,"endpoints":[{"url":"u","name":"a"}]}}').code).toBe(
      "CONFIG_INVALID",
    );
  });
});
