/**
 * `report --sample N --seed S`: a reproducible pick of actions, each with a proof an auditor can
 * check by hand. The test checks the proofs as docs/report.md tells an auditor to, with its own
 * hashing (no trailseal code).
 */
import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { EventBody } from "../../src/chain/index.js";
import { collectReport, renderMarkdown } from "../../src/report/index.js";
import { at, body, Fixture } from "../report/fixture.js";

let fixture: Fixture | undefined;
afterEach(async () => {
  await fixture?.cleanup();
  fixture = undefined;
});

const config = {
  auto_seal: { enabled: true, interval_minutes: 15, seal_when_idle: true, max_unsealed_seconds: 60 },
  witness: { enabled: true, quorum: 1, endpoints: [{ url: "https://w1.example/api/v1/anchor", name: "w1" }] },
};

const pre = (command: string): EventBody => ({ ...body("low", [], command), phase: "pre", decision: "pass" });
const post = (command: string): EventBody => ({
  ...body("low", [], command),
  phase: "post",
  outcome: { exit: 0 },
});

/** The hash of a stored (canonical) line: sha256 over the line without its `"hash":"…",` member. */
function lineHash(line: string): string {
  const hash = JSON.parse(line).hash as string;
  return `sha256:${createHash("sha256")
    .update(line.replace(`"hash":${JSON.stringify(hash)},`, ""))
    .digest("hex")}`;
}

async function trail(f: Fixture): Promise<void> {
  for (let i = 0; i < 10; i += 1) {
    await f.event(i * 2, pre(`echo ${i}`));
    await f.event(i * 2 + 1, post(`echo ${i}`));
    if (i === 4) await f.receipt(await f.seal(10), "w1", 11);
  }
  await f.seal(25); // valid, but never witnessed
  await f.receipt(await f.seal(30), "w1", 31);
  await f.event(40, pre("echo late")); // after every seal
}

describe("report --sample", () => {
  it("picks the same actions for the same seed, by the documented rank", async () => {
    fixture = await Fixture.create(config);
    await trail(fixture);
    const run = (seed: string) =>
      collectReport(fixture!.home, { to: at(50), now: at(50), sample: { n: 4, seed } });
    const [a, b, c] = [await run("audit-1"), await run("audit-1"), await run("other")];
    expect(a.sample!.population).toBe(11); // pre and post paired: one action each
    expect(a.sample!.picked.map((s) => s.seq)).toEqual(b.sample!.picked.map((s) => s.seq));
    const rank = (seed: string) =>
      [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20]
        .map((seq) => ({ seq, key: createHash("sha256").update(`${seed}:${seq}`).digest("hex") }))
        .sort((x, y) => (x.key < y.key ? -1 : 1))
        .slice(0, 4)
        .map((x) => x.seq)
        .sort((x, y) => x - y);
    expect(a.sample!.picked.map((s) => s.seq)).toEqual(rank("audit-1"));
    expect(c.sample!.picked.map((s) => s.seq)).toEqual(rank("other"));
    expect(renderMarkdown(a)).toContain("## Sampled actions");
  });

  it("gives each action a proof that checks by hand: the chain from its event to a witnessed seal's tip", async () => {
    fixture = await Fixture.create(config);
    await trail(fixture);
    const report = await collectReport(fixture.home, {
      to: at(50),
      now: at(50),
      sample: { n: 11, seed: "x" },
    });
    for (const s of report.sample!.picked) {
      if (s.seq === 20) {
        expect(s.proof.seal).toBeNull(); // recorded after the last seal: said, not hidden
        continue;
      }
      const seal = s.proof.seal!;
      expect(seal.quorum_met).toBe(true);
      expect(seal.witnesses).toEqual(["w1"]);
      expect(seal.event_count).toBe(s.seq < 10 ? 10 : 20); // the first witnessed seal, not the unwitnessed one
      const lines = s.proof.lines!;
      expect(lines).toHaveLength(seal.event_count - s.seq);
      expect(JSON.parse(lines[0]!)).toMatchObject({ seq: s.seq, phase: "pre" });
      expect(s.events).toEqual([s.seq, s.seq + 1]);
      expect(s.outcome).toBe("ran");
      let previous: string | null = null;
      for (const line of lines) {
        const event = JSON.parse(line);
        expect(lineHash(line)).toBe(event.hash);
        if (previous !== null) expect(event.prev).toBe(previous);
        previous = event.hash;
      }
      expect(previous).toBe(seal.chain_tip);
    }
  });
});
