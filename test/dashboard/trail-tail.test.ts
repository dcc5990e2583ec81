import { appendFile, mkdir, truncate, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { serializeEvent } from "../../src/chain/index.js";
import { TrailTail } from "../../src/dashboard/index.js";
import { appendEvents, trailDir } from "../../src/trail/index.js";
import { body, tempHome } from "./fixtures.js";

describe("TrailTail", () => {
  let home: string;
  let cleanup: () => Promise<void>;
  let dir: string;
  let lines: string[];
  let resets: number;
  let tail: TrailTail;

  beforeEach(async () => {
    ({ home, cleanup } = await tempHome());
    dir = trailDir(home);
    lines = [];
    resets = 0;
    tail = new TrailTail(dir, { line: (line) => lines.push(line), reset: () => (resets += 1) });
  });
  afterEach(() => cleanup());

  it("reads nothing from a missing trail directory", async () => {
    expect(await tail.poll()).toBe(0);
    expect(tail.bytesRead).toBe(0);
  });

  it("reads only the bytes appended since the last poll", async () => {
    const first = await appendEvents(dir, [body("none", "ls"), body("low", "npm test")]);
    expect(await tail.poll()).toBe(2);
    const afterFirst = tail.bytesRead;
    expect(afterFirst).toBe(first.reduce((n, e) => n + Buffer.byteLength(`${serializeEvent(e)}\n`), 0));

    const [next] = await appendEvents(dir, [body("critical", "sudo reboot", ["privilege_escalation"])]);
    expect(await tail.poll()).toBe(1);
    expect(tail.bytesRead - afterFirst).toBe(Buffer.byteLength(`${serializeEvent(next!)}\n`));
    expect(JSON.parse(lines.at(-1)!).seq).toBe(2);

    const before = tail.bytesRead;
    expect(await tail.poll()).toBe(0);
    expect(tail.bytesRead).toBe(before);
    expect(resets).toBe(0);
  });

  it("holds back a torn last line until its newline arrives", async () => {
    await mkdir(dir, { recursive: true });
    const segment = join(dir, "events-000000.jsonl");
    await writeFile(segment, '{"a":1}\n{"b":');
    expect(await tail.poll()).toBe(1);
    expect(lines).toEqual(['{"a":1}']);
    await appendFile(segment, "2}\n");
    expect(await tail.poll()).toBe(1);
    expect(lines).toEqual(['{"a":1}', '{"b":2}']);
  });

  it("starts over when the trail shrinks (truncation or rewrite)", async () => {
    await appendEvents(dir, [body("none", "a"), body("none", "b"), body("none", "c")]);
    await tail.poll();
    const segment = join(dir, "events-000000.jsonl");
    await truncate(segment, 10);
    lines = [];
    await tail.poll();
    expect(resets).toBe(1);
    expect(tail.resets).toBe(1);
    expect(lines).toEqual([]); // 10 bytes, no complete line
  });

  it("moves on to a later segment, delivering a previous segment's unterminated line", async () => {
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, "events-000000.jsonl"), '{"a":1}\n{"b":2}');
    await tail.poll();
    expect(lines).toEqual(['{"a":1}']);
    await writeFile(join(dir, "events-000001.jsonl"), '{"c":3}\n');
    await tail.poll();
    expect(lines).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
  });

  it("coalesces concurrent polls", async () => {
    await appendEvents(dir, [body("none", "a")]);
    const [a, b] = await Promise.all([tail.poll(), tail.poll()]);
    expect(a).toBe(b);
    expect(lines).toHaveLength(1);
  });
});
