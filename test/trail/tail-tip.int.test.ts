import { appendFile, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EventBody } from "../../src/chain/index.js";
import { appendEvents, tipFromTail, trailDir } from "../../src/trail/index.js";
import { tempDir } from "../helpers/cli.js";

/** An event whose input carries a member named `seq`, before the top-level one in key order. */
function body(i: number): EventBody {
  return {
    risk: { level: "low", flags: [] },
    agent: "test",
    session: null,
    cwd: null,
    phase: "record",
    action: { kind: "command", tool: "command", command: `echo ${i}` },
    decision: "logged",
    reasons: [],
    input: { seq: 1000 + i },
  };
}

let home: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir: home, cleanup } = await tempDir());
});
afterEach(() => cleanup());

describe("tipFromTail", () => {
  it("gives the hash after `count` events from the end, verified, and the count beyond the end", async () => {
    const dir = trailDir(home);
    const events = await appendEvents(
      dir,
      Array.from({ length: 20 }, (_, i) => body(i)),
    );
    expect(await tipFromTail(dir, 7)).toEqual({ tip: events[6]!.hash, eventCount: 20 });
    expect(await tipFromTail(dir, 20)).toEqual({ tip: events[19]!.hash, eventCount: 20 });
    expect(await tipFromTail(dir, 25)).toEqual({ tip: undefined, eventCount: 20 });
    // A torn last line (never acknowledged) is not read.
    await appendFile(join(dir, "events-000000.jsonl"), '{"seq":20,"trunc');
    expect(await tipFromTail(dir, 20)).toEqual({ tip: events[19]!.hash, eventCount: 20 });
  });

  it("gives up (null: read the whole trail) when a line from there on does not verify", async () => {
    const dir = trailDir(home);
    await appendEvents(
      dir,
      Array.from({ length: 5 }, (_, i) => body(i)),
    );
    const path = join(dir, "events-000000.jsonl");
    const events = (await readFile(path, "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    await writeFile(path, (await readFile(path, "utf8")).replace("echo 3", "echo X"));
    expect(await tipFromTail(dir, 2)).toBeNull();
    // From seq 4 on the lines verify: a change before them breaks the link into seq 4, which is
    // verify's to report; the tip after 5 events is still the one the bytes of seq 4 give.
    expect(await tipFromTail(dir, 5)).toEqual({ tip: events[4].hash, eventCount: 5 });
  });
});
