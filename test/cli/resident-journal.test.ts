// The resident server's journal (src/cli/hook-runtime/resident-journal.ts) against real appends:
// what a fallback finds after its server went away before, during or after an append.
import { mkdirSync, readdirSync, readFileSync, truncateSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventBody } from "../../src/chain/index.js";
import { CallJournal, takeJournal } from "../../src/cli/hook-runtime/resident-journal.js";
import { appendEvents } from "../../src/trail/index.js";
import { tempDir } from "../helpers/cli.js";

let home: string;
/** Where a server's spool would be (here in the test's own directory). */
let spool: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ dir: home, cleanup } = await tempDir("trailseal-resident-journal-"));
  spool = join(home, "spool");
  mkdirSync(spool, { recursive: true, mode: 0o700 });
});
afterAll(() => cleanup());

const body = (n: number): EventBody => ({
  risk: { level: "none", flags: [] },
  agent: "claude-code",
  session: "s",
  cwd: null,
  phase: "pre",
  action: { tool: "Read", kind: "file_read", path: `/w/${n}` },
  decision: "pass",
  reasons: [],
});
const trail = () => join(home, "trail");
const answer = { stdout: "{}\n", stderr: "", exitCode: 0 };

describe("a call's journal", () => {
  it("says nothing was appended when the call appended nothing", () => {
    expect(takeJournal(spool, "none-1")).toEqual({ kind: "nothing-appended" });
  });

  it("gives the answer of a call that appended and answered", async () => {
    const journal = new CallJournal(spool, "answered-1");
    await appendEvents(trail(), [body(1)], { beforeWrite: journal.beforeWrite });
    journal.answered(answer);
    expect(takeJournal(spool, "answered-1")).toEqual({ kind: "answered", answer });
    // Taken once: the files are gone.
    expect(takeJournal(spool, "answered-1")).toEqual({ kind: "nothing-appended" });
  });

  it("says appended but not answered when the server went away in between", async () => {
    const journal = new CallJournal(spool, "unanswered-1");
    await appendEvents(trail(), [body(2), body(3)], { beforeWrite: journal.beforeWrite });
    expect(takeJournal(spool, "unanswered-1")).toEqual({ kind: "appended-unanswered" });
  });

  it("says nothing was appended when the append never landed (journalled, then cut back)", async () => {
    const journal = new CallJournal(spool, "torn-1");
    let cut: { segment: string; offset: number } | undefined;
    await appendEvents(trail(), [body(4)], {
      beforeWrite: (write) => {
        journal.beforeWrite(write);
        cut = write;
      },
    });
    // As if killed mid-write and cut back by the next writer: the bytes are not there whole.
    truncateSync(cut!.segment, cut!.offset + 10);
    expect(takeJournal(spool, "torn-1")).toEqual({ kind: "nothing-appended" });
    truncateSync(cut!.segment, cut!.offset);
  });

  it("tells its own append from another writer's at the same offset", async () => {
    const journal = new CallJournal(spool, "other-1");
    let at: { segment: string; offset: number } | undefined;
    await appendEvents(trail(), [body(5)], {
      beforeWrite: (write) => {
        journal.beforeWrite(write);
        at = write;
      },
    });
    truncateSync(at!.segment, at!.offset);
    await appendEvents(trail(), [body(6)]);
    expect(readFileSync(at!.segment).length).toBeGreaterThan(at!.offset);
    expect(takeJournal(spool, "other-1")).toEqual({ kind: "nothing-appended" });
  });

  it("takes an answer as the call's whole outcome, its intents already removed", async () => {
    const journal = new CallJournal(spool, "answered-2");
    await appendEvents(trail(), [body(7)], { beforeWrite: journal.beforeWrite });
    journal.answered(answer);
    expect(readdirSync(spool).filter((name) => name.startsWith("answered-2."))).toEqual([
      "answered-2.answer",
    ]);
    expect(takeJournal(spool, "answered-2")).toEqual({ kind: "answered", answer });
  });

  it("leaves a failed call to its intents", async () => {
    const journal = new CallJournal(spool, "failed-1");
    await appendEvents(trail(), [body(8)], { beforeWrite: journal.beforeWrite });
    journal.failed("boom");
    expect(takeJournal(spool, "failed-1")).toEqual({ kind: "appended-unanswered" });
    expect(readdirSync(spool).filter((name) => name.startsWith("failed-1."))).toEqual([]);
  });
});
