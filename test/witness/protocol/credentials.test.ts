import { describe, expect, it } from "vitest";
import { readTokenFor } from "../../../src/witness/protocol/index.js";

const log = "https://git.example/acme/log.git";

describe("readTokenFor: which configured token a git log read carries", () => {
  it("the token configured for the same log, git+ prefix and trailing slash aside", () => {
    const endpoints = [{ url: `git+${log}/`, name: "log", auth_token: "t1" }];
    expect(readTokenFor(endpoints, log)).toBe("t1");
    expect(readTokenFor([{ url: log, name: "log", auth_token: "t1" }], `git+${log}`)).toBe("t1");
  });

  it("the one token of a log of the same origin; none when that origin's logs disagree", () => {
    const other = "https://git.example/acme/other.git";
    expect(readTokenFor([{ url: other, name: "o", auth_token: "t2" }], log)).toBe("t2");
    const two = [
      { url: other, name: "o", auth_token: "t2" },
      { url: "https://git.example/acme/third.git", name: "t", auth_token: "t3" },
    ];
    expect(readTokenFor(two, log)).toBeUndefined();
    expect(readTokenFor([...two, { url: log, name: "log", auth_token: "t1" }], log)).toBe("t1");
  });

  it("never a token of another origin: host, port or scheme", () => {
    for (const url of [
      "https://git.example.org/acme/log.git",
      "https://git.example:8443/acme/log.git",
      "http://git.example/acme/log.git",
      "https://evil.example/acme/log.git",
    ]) {
      expect(readTokenFor([{ url, name: "x", auth_token: "t" }], log), url).toBeUndefined();
    }
    // Loopback spellings count as one witness for a quorum, but not as one origin for a secret.
    expect(
      readTokenFor(
        [{ url: "http://localhost:8080/log.git", name: "x", auth_token: "t" }],
        "http://127.0.0.1:8080/log.git",
      ),
    ).toBeUndefined();
  });

  it("never an HTTP witness's bearer token, and none for local, file:// or ssh logs", () => {
    expect(readTokenFor([{ url: "https://git.example/w", name: "w", auth_token: "t" }], log)).toBeUndefined();
    const endpoints = [{ url: log, name: "log", auth_token: "t" }];
    for (const url of [
      "/srv/log.git",
      "file:///srv/log.git",
      "ssh://git.example/acme/log.git",
      "git@git.example:acme/log.git",
    ])
      expect(readTokenFor(endpoints, url), url).toBeUndefined();
    expect(readTokenFor([{ url: log, name: "log" }], log)).toBeUndefined();
  });
});
