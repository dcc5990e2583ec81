import { describe, expect, it } from "vitest";
import { peekCommand, resolveHookHome } from "../../src/cli/commands/hook.js";
import { resolveHome } from "../../src/home/index.js";

describe("hook fast path helpers", () => {
  it("resolves the home exactly as resolveHome does", () => {
    for (const [option, env] of [
      [undefined, {}],
      [undefined, { TRAILSEAL_HOME: "/tmp/x" }],
      ["rel/dir", { TRAILSEAL_HOME: "/tmp/x" }],
      ["/abs", {}],
    ] as const) {
      expect(resolveHookHome(option, env)).toBe(resolveHome(option, env));
    }
  });

  it("peeks the command of shell payloads only", () => {
    expect(peekCommand(JSON.stringify({ tool_input: { command: "ls" } }))).toBe("ls");
    expect(peekCommand(JSON.stringify({ command: "ls" }))).toBe("ls");
    expect(peekCommand(JSON.stringify({ tool_input: { file_path: "x" } }))).toBeNull();
    expect(peekCommand("nope")).toBeNull();
  });
});
