// The hand check of plain generic actions (src/action-input/common.ts) only ever accepts what
// the zod schema accepts, with the same result: zod stays the definition.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commonGenericAction } from "../../src/action-input/common.js";
import { fromGeneric } from "../../src/action-input/index.js";
import { actionSchemas } from "../../src/action-input/schema.js";

// Strings around each bound are built by repetition (generating a 1 MiB string is slow).
const text = (max: number) =>
  fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.integer({ min: max - 2, max: max + 2 }).map((length) => "a".repeat(length)),
    fc.constantFrom("", "GET", "post", "read", "write", "search", "x y", "PATCH123", "é"),
  );
const loose = fc.oneof(text(20), fc.integer(), fc.constant(null), fc.boolean(), fc.constant(undefined));

// Near-valid objects: the generic kinds' own keys and the context keys, sometimes a stray key,
// values mostly strings around the bounds and sometimes of the wrong type.
const candidate = fc
  .record(
    {
      kind: fc.constantFrom("command", "file", "network", "mcp", "other", "nope", 7),
      command: fc.oneof(text(1 << 20), loose),
      op: fc.oneof(fc.constantFrom("read", "write", "edit", "delete", "search", "move"), loose),
      path: fc.oneof(text(4096), loose),
      method: fc.oneof(fc.constantFrom("GET", "post", "Fetch", "GET1", ""), loose),
      url: fc.oneof(text(8192), loose),
      description: fc.oneof(text(4096), loose),
      server: text(200),
      tool: text(200),
      agent: fc.oneof(text(200), loose),
      session: fc.oneof(text(512), loose),
      cwd: fc.oneof(text(4096), loose),
      extra: loose,
      tool_name: text(10),
    },
    { requiredKeys: [] },
  )
  .map((object) => JSON.parse(JSON.stringify(object)) as unknown);

function viaZod(raw: unknown) {
  const parsed = actionSchemas().generic.safeParse(raw);
  return parsed.success ? fromGeneric(parsed.data) : null;
}

describe("commonGenericAction", () => {
  it("accepts only what zod accepts, and gives the same action (same JSON, same key order)", () => {
    fc.assert(
      fc.property(candidate, (raw) => {
        const common = commonGenericAction(raw);
        if (common === null) return;
        const zod = viaZod(raw);
        expect(zod).not.toBeNull();
        expect(JSON.stringify(fromGeneric(common))).toBe(JSON.stringify(zod));
      }),
      { numRuns: 1500 },
    );
  });

  it("answers the plain actions itself (so recording them does not load zod)", () => {
    for (const raw of [
      { kind: "command", command: "npm test" },
      { kind: "command", command: "npm test", agent: "ci", session: "s", cwd: "/w" },
      { kind: "file", op: "write", path: "src/a.ts" },
      { kind: "network", url: "https://example.com" },
      { kind: "network", method: "post", url: "https://example.com", agent: "bot" },
      { kind: "other", description: "deployed" },
    ]) {
      expect(commonGenericAction(raw), JSON.stringify(raw)).not.toBeNull();
      expect(JSON.stringify(fromGeneric(commonGenericAction(raw)!))).toBe(JSON.stringify(viaZod(raw)));
    }
  });

  it("leaves to zod what it does not check: mcp, stray keys, inherited or odd prototypes", () => {
    expect(commonGenericAction({ kind: "mcp", server: "s", tool: "t" })).toBeNull();
    expect(commonGenericAction({ kind: "command", command: "ls", extra: 1 })).toBeNull();
    expect(commonGenericAction(JSON.parse('{"kind":"command","command":"ls","__proto__":{}}'))).toBeNull();
    expect(
      commonGenericAction(Object.assign(Object.create({ command: "ls" }), { kind: "command" })),
    ).toBeNull();
    expect(commonGenericAction(["command"])).toBeNull();
  });
});
