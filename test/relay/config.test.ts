import { describe, expect, it } from "vitest";
import { parseRelayConfig } from "../../src/relay/index.js";

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

describe("parseRelayConfig endpoint checks", () => {
  const withEndpoints = (endpoints: unknown[]) => JSON.stringify({ witness: { enabled: true, endpoints } });
  it.each([
    ["a javascript: URL", [{ url: "javascript:alert(1)", name: "a" }]],
    ["an ftp URL", [{ url: "ftp://127.0.0.1/x", name: "a" }]],
    ["credentials in an http URL", [{ url: "https://user:secret@w.example/", name: "a" }]],
    ["a user name in an http URL", [{ url: "https://token@w.example/", name: "a" }]],
    ["a password in a git URL", [{ url: "git+https://u:p@example.com/log.git", name: "a" }]],
    [
      "the same witness twice under two spellings",
      [
        { url: "http://127.0.0.1:8080", name: "a" },
        { url: "http://localhost:8080/api/v1/anchor?x=1", name: "b" },
      ],
    ],
    [
      "the same name twice",
      [
        { url: "http://127.0.0.1:8080", name: "a" },
        { url: "http://127.0.0.1:8081", name: "a" },
      ],
    ],
  ])("refuses %s with CONFIG_INVALID", (_name, endpoints) => {
    expect(errorOf(withEndpoints(endpoints)).code).toBe("CONFIG_INVALID");
  });

  it("accepts http(s) and git witnesses", () => {
    const text = withEndpoints([
      { url: "https://w.example", name: "a" },
      { url: "git@github.com:org/log.git", name: "b" },
      { url: "/srv/log.git", name: "c" },
      { url: "ssh://git@example.com/log.git", name: "d" },
    ]);
    expect(parseRelayConfig(text).witness.endpoints).toHaveLength(4);
  });
});
