import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { EventBody } from "../../src/chain/index.js";
import { appendEvents, readEvents } from "../../src/trail/index.js";

const body = (command: string): EventBody => ({
  risk: { level: "low", flags: [] },
  agent: "generic",
  session: null,
  cwd: null,
  phase: "record",
  action: { kind: "command", tool: "Bash", command },
  decision: "logged",
  reasons: [],
});

let dir: string | null = null;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = null;
});

describe("readEvents", () => {
  it("skips lines that parse to something that is not an event (tampered trails do not crash views)", async () => {
    dir = await mkdtemp(join(tmpdir(), "trailseal-read-events-"));
    await appendEvents(dir, [body("a"), body("b"), body("c")]);
    const file = join(dir, "events-000000.jsonl");
    const [first, , third] = (await readFile(file, "utf8")).trimEnd().split("\n");
    const tampered = [
      "null",
      "[1]",
      "{}",
      '"text"',
      '{"seq":1,"ts":5,"risk":{}}',
      '{"seq":1,"ts":"t","hash":"h","agent":"a","decision":"logged","risk":{"level":"bad","flags":[]},"action":{"kind":"command"}}',
      '{"seq":1,"ts":"t","hash":"h","agent":"a","decision":"logged","risk":{"level":"low","flags":["__proto__"]},"action":{"kind":"command"}}',
      '{"seq":1,"ts":"t","hash":"h","agent":"a","decision":"logged","risk":{"level":"low","flags":[]},"action":null}',
    ];
    await writeFile(file, `${[first, ...tampered, third].join("\n")}\n`);
    const seen: number[] = [];
    for await (const event of readEvents(dir)) seen.push(event.seq);
    expect(seen).toEqual([0, 2]);
  });
});
