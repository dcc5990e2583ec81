import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { AGENT_SPECS, AGENTS, type AgentSpec, installedEvents } from "../../src/agents/index.js";

const ROOT = resolve(import.meta.dirname, "../..");
const DIR = join(ROOT, "src/agents");
/** The files of src/agents that are not an agent: what every spec shares. */
const SHARED = ["adapters.ts", "index.ts", "payload.ts", "spec.ts", "targets.ts"];

const isSpec = (value: unknown): value is AgentSpec =>
  typeof value === "object" && value !== null && "install" in value && "events" in value && "call" in value;

describe("the agent specs", () => {
  it("are one file each, every file registered once", async () => {
    const files = readdirSync(DIR).filter((file) => file.endsWith(".ts") && !SHARED.includes(file));
    const found: string[] = [];
    for (const file of files) {
      const specs = Object.values(await import(join(DIR, file))).filter(isSpec);
      expect(specs, file).toHaveLength(1);
      expect(AGENT_SPECS[specs[0]!.name as keyof typeof AGENT_SPECS], file).toBe(specs[0]);
      found.push(specs[0]!.name);
    }
    expect(found.sort()).toEqual([...AGENTS].sort());
    expect(new Set(AGENTS).size).toBe(AGENTS.length);
  });

  it.each(AGENTS)(
    "%s: events named once, a pre event first among the pre, installs in its place",
    (agent) => {
      const spec = AGENT_SPECS[agent];
      const names = spec.events.map((event) => event.name);
      expect(new Set(names).size).toBe(names.length);
      expect(spec.events.some((event) => event.phase === "pre")).toBe(true);
      const place = (scope: "project" | "user") => ({ scope, cwd: "/p", user: "/u", env: {} });
      const paths = (scope: "project" | "user") =>
        spec.install.kind === "settings"
          ? [spec.install.path(place(scope))]
          : spec.install.files(place(scope)).map((file) => file.path);
      for (const path of paths("project")) expect(path.startsWith("/p/")).toBe(true);
      for (const path of paths("user")) expect(path.startsWith("/u/")).toBe(true);
      if (spec.install.kind === "settings") expect(installedEvents(spec).length).toBeGreaterThan(0);
    },
  );

  // docs/hooks.md is the user's reference: each agent has its section, naming what is installed.
  it.each(AGENTS)("%s: docs/hooks.md names every installed event", (agent) => {
    const spec = AGENT_SPECS[agent];
    const docs = readFileSync(join(ROOT, "docs/hooks.md"), "utf8");
    const start = docs.search(new RegExp(`^## ${spec.label}\\b`, "m"));
    expect(start, `a "## ${spec.label}" section`).toBeGreaterThanOrEqual(0);
    const section = docs.slice(start, docs.indexOf("\n## ", start + 1));
    const events = (spec.install.kind === "settings" ? installedEvents(spec) : spec.events).map(
      (event) => event.name,
    );
    for (const event of events) expect(section, `${spec.label}: ${event}`).toContain(event);
  });

  // docs/agents/<agent>.md is the agent's setup page: its timeout as the spec writes it (field,
  // value and the documentation it was taken from), or that its format has none.
  it.each(AGENTS)("%s: docs/agents page states the timeout the install writes, with its source", (agent) => {
    const install = AGENT_SPECS[agent].install;
    const page = readFileSync(join(ROOT, "docs/agents", `${agent}.md`), "utf8");
    expect(page).toContain(`trailseal hook status ${agent}`);
    if (install.kind === "settings" && install.timeout) {
      const value = install.timeout.unit === "ms" ? 30000 : 30;
      expect(page).toContain(`"${install.timeout.field}": ${value}`);
      expect(page).toContain(install.timeout.source);
    } else {
      expect(page).toMatch(/\| timeout \| \*\*none/);
    }
    if (!(install.kind === "settings" && install.local)) expect(page).toContain("HOOK_SCOPE_UNSUPPORTED");
  });

  it.each(AGENTS)("%s: a harmless probe that the hook judges as nothing to decide", (agent) => {
    const spec = AGENT_SPECS[agent];
    const call = spec.call(spec.probe("/p"));
    expect(call.phase).toBe("pre");
    // The agent's own answers, read back by its `blocks`: a pass never blocks, a deny always does.
    const reply = (verdict: "pass" | "deny") => {
      const answer = spec.answer(call, verdict, "no");
      return typeof answer === "string"
        ? { exit: 0, stdout: answer }
        : { exit: answer.exitCode ?? 0, stdout: answer.stdout ?? "" };
    };
    expect(spec.blocks(reply("pass"))).toBeNull();
    expect(spec.blocks(reply("deny"))).not.toBeNull();
  });
});
