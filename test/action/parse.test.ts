import { describe, expect, it } from "vitest";
import { MAX_ACTION_DEPTH } from "../../src/action/index.js";
import { parseAction } from "../../src/action-input/index.js";

function codeOf(text: string): string | undefined {
  try {
    parseAction(text);
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
}

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

describe("parseAction refuses JSON the trail cannot record, as ACTION_INVALID", () => {
  it("a number beyond float range (JSON.parse gives Infinity, which JCS refuses)", () => {
    expect(codeOf('{"tool_name":"Bash","tool_input":{"command":"ls","n":1e400}}')).toBe("ACTION_INVALID");
    expect(codeOf('{"kind":"mcp","server":"s","tool":"t","arguments":{"n":-1e400}}')).toBe("ACTION_INVALID");
  });

  it("nesting deep enough to overflow the stack (also far below the 1 MiB limit)", () => {
    for (const depth of [MAX_ACTION_DEPTH + 1, 5_000, 200_000]) {
      expect(codeOf(`{"tool_name":"Bash","tool_input":{"command":"ls","x":${nested(depth)}}}`)).toBe(
        "ACTION_INVALID",
      );
    }
  });

  it("still accepts ordinary nesting and numbers", () => {
    expect(codeOf(`{"tool_name":"Bash","tool_input":{"command":"ls","x":${nested(10)},"n":1.5e300}}`)).toBe(
      undefined,
    );
  });
});

describe("generic actions", () => {
  it("keep agent, session and cwd out of the action target (they are the event's own members)", () => {
    const action = parseAction('{"kind":"command","command":"ls","agent":"bot","session":"s1","cwd":"/w"}');
    expect(action).toMatchObject({ agent: "bot", session: "s1", cwd: "/w" });
    expect(action.target).toEqual({ kind: "command", command: "ls" });
  });
});
