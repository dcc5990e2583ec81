// The hand check of well-formed actions (src/action-input/common.ts) only ever accepts what the
// zod schemas accept, with the same result: zod stays the definition.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commonClaudeCodePayload, commonGenericAction } from "../../src/action-input/common.js";
import { fromClaudeCode, fromGeneric } from "../../src/action-input/index.js";
import { actionSchemas } from "../../src/action-input/schema.js";

// Strings around each bound are built by repetition (generating a 1 MiB string is slow).
const text = (max: number) =>
  fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.integer({ min: max - 2, max: max + 2 }).map((length) => "a".repeat(length)),
    fc.constantFrom("", "GET", "post", "read", "write", "search", "x y", "PATCH123", "é"),
  );
const loose = fc.oneof(text(20), fc.integer(), fc.constant(null), fc.boolean());
/** Mostly a string around the bounds, sometimes anything. */
const field = (max: number) => fc.oneof({ arbitrary: text(max), weight: 6 }, { arbitrary: loose, weight: 1 });
const record = fc.oneof(
  {
    arbitrary: fc.dictionary(
      fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom("__proto__", "constructor")),
      loose,
      { maxKeys: 4 },
    ),
    weight: 6,
  },
  { arbitrary: fc.constantFrom([], null, "x", 1), weight: 1 },
);
// JSON text, so `__proto__` arrives as an own key, as from stdin.
const asJson = (object: Record<string, unknown>) =>
  JSON.parse(JSON.stringify(object).replace(/"__proto_x__"/g, '"__proto__"')) as unknown;

const KIND_FIELDS: Record<string, Record<string, fc.Arbitrary<unknown>>> = {
  command: { command: field(8 << 20) },
  file: {
    op: fc.oneof(fc.constantFrom("read", "write", "edit", "delete", "search", "move", "READ"), loose),
    path: field(4096),
  },
  network: {
    method: fc.oneof(fc.constantFrom("GET", "post", "Fetch", "GET1", "", "ABCDEFGHIJKLMNOPQ"), loose),
    url: field(8192),
  },
  mcp: { server: field(200), tool: field(200), arguments: record },
  other: { description: field(4096) },
};

// Near-valid generic actions: one kind's fields (each sometimes missing or of a wrong type), the
// context keys, sometimes a wrong kind, a stray key or another kind's field.
const candidate = fc
  .constantFrom("command", "file", "network", "mcp", "other")
  .chain((kind) =>
    fc.record({
      kind: fc.oneof(
        { arbitrary: fc.constant<unknown>(kind), weight: 8 },
        { arbitrary: fc.constantFrom<unknown>("nope", 7, "COMMAND"), weight: 1 },
      ),
      fields: fc.record(KIND_FIELDS[kind]!, { requiredKeys: [] }),
      context: fc.record({ agent: field(200), session: field(512), cwd: field(4096) }, { requiredKeys: [] }),
      stray: fc.oneof(
        { arbitrary: fc.constant({}), weight: 5 },
        {
          arbitrary: fc.record(
            { __proto_x__: record, extra: loose, tool_name: text(10), command: field(20) },
            { requiredKeys: [] },
          ),
          weight: 1,
        },
      ),
    }),
  )
  .map(({ kind, fields, context, stray }) => asJson({ kind, ...fields, ...context, ...stray }));

const claudeCandidate = fc
  .record(
    {
      tool_name: field(512),
      tool_input: record,
      cwd: field(4096),
      session_id: field(512),
      hook_event_name: field(128),
      transcript_path: field(100),
      tool_response: fc.oneof(loose, record),
      extra: loose,
      __proto_x__: record,
    },
    { requiredKeys: ["tool_name"] },
  )
  .map(asJson);

function viaZod(raw: unknown) {
  const parsed = actionSchemas().generic.safeParse(raw);
  return parsed.success ? fromGeneric(parsed.data) : null;
}

describe("commonClaudeCodePayload", () => {
  it("accepts only what zod accepts, and gives the same action", () => {
    fc.assert(
      fc.property(claudeCandidate, (raw) => {
        const common = commonClaudeCodePayload(raw);
        if (common === null) return;
        const parsed = actionSchemas().claudeCode.safeParse(raw);
        expect(parsed.success).toBe(true);
        expect(JSON.stringify(fromClaudeCode(common))).toBe(JSON.stringify(fromClaudeCode(parsed.data!)));
      }),
      { numRuns: 2000 },
    );
  });

  it("answers the usual payloads itself", () => {
    const raw = JSON.parse(
      '{"hook_event_name":"PreToolUse","session_id":"s","cwd":"/w","tool_name":"Bash","tool_input":{"command":"ls"},"transcript_path":"/t"}',
    );
    expect(commonClaudeCodePayload(raw)).not.toBeNull();
    expect(commonClaudeCodePayload({ tool_name: "Read" })).not.toBeNull();
    expect(commonClaudeCodePayload({ tool_name: "Read", tool_input: null })).toBeNull();
    expect(
      commonClaudeCodePayload(JSON.parse('{"tool_name":"Read","tool_input":{"__proto__":{}}}')),
    ).toBeNull();
  });
});

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
      { numRuns: 2000 },
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
      { kind: "mcp", server: "github", tool: "list_issues" },
      { kind: "mcp", server: "pg", tool: "query", arguments: { sql: "select 1" }, agent: "bot" },
    ]) {
      expect(commonGenericAction(raw), JSON.stringify(raw)).not.toBeNull();
      expect(JSON.stringify(fromGeneric(commonGenericAction(raw)!))).toBe(JSON.stringify(viaZod(raw)));
    }
  });

  it("leaves to zod what it does not check: stray keys, `__proto__`, inherited or odd prototypes", () => {
    expect(
      commonGenericAction(JSON.parse('{"kind":"mcp","server":"s","tool":"t","arguments":{"__proto__":{}}}')),
    ).toBeNull();
    expect(commonGenericAction({ kind: "command", command: "ls", extra: 1 })).toBeNull();
    expect(commonGenericAction(JSON.parse('{"kind":"command","command":"ls","__proto__":{}}'))).toBeNull();
    expect(
      commonGenericAction(Object.assign(Object.create({ command: "ls" }), { kind: "command" })),
    ).toBeNull();
    expect(commonGenericAction(["command"])).toBeNull();
  });
});
