import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeControl } from "../../src/terminal/index.js";

describe("escapeControl", () => {
  it("shows control characters as escapes", () => {
    expect(escapeControl("ls\u001b[2K\rok\n\t\u0007\u009b\u202e")).toBe(
      "ls\\e[2K\\rok\\n\\t\\x07\\x9b\\u202e",
    );
  });

  it("leaves printable text of any script alone", () => {
    expect(escapeControl("rm -rf ~/проект/日本 🚀 \\x1b")).toBe("rm -rf ~/проект/日本 🚀 \\x1b");
  });

  it("never lets a control character through", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(escapeControl(text)).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      }),
    );
  });
});
