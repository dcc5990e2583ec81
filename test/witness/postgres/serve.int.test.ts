/**
 * `witness serve --store postgres://… --mirror <git log>` as a user runs it: the built CLI, two
 * replica processes against one real database, anchors POSTed to either and read from the other.
 */
import type { ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { ROUTES } from "../../../src/witness/protocol/index.js";
import { runCli, startCli } from "../../helpers/cli.js";
import { sampleRequest } from "../server/storage-contract.js";
import { postgresLogs, serveArgs } from "./fixtures.js";

const pgLogs = postgresLogs("the PostgreSQL `witness serve` tests");

describe.skipIf(!pgLogs.available)("witness serve on PostgreSQL", () => {
  const children: ChildProcess[] = [];
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
    }
    for (const fn of cleanups.splice(0)) await fn();
  });

  it("--migrate applies the schema once; serving needs --mirror", async () => {
    const log = await pgLogs.newLog();
    cleanups.push(log.cleanup);
    const args = ["--home", log.home, "witness", "serve", "--port", "0", "--store", log.url];
    const first = await runCli([...args, "--migrate"]);
    expect(first.stderr).toBe("");
    expect(first.stdout.trim()).toBe("applied migrations 1, 2, 3");
    expect(first.code).toBe(0);
    const again = await runCli([...args, "--migrate"]);
    expect(again.stdout.trim()).toBe("database schema up to date");
    const noMirror = await runCli(args);
    expect(noMirror.code).toBe(2);
    expect(noMirror.stderr).toMatch(/^trailseal: error: .*--mirror/m);
    expect(noMirror.stderr).not.toContain(log.url);
  });

  it("two replica processes: an anchor POSTed to one is read, with the same proof, from the other", async () => {
    const log = await pgLogs.newLog();
    cleanups.push(log.cleanup);
    const start = async () => {
      const started = startCli(serveArgs(log));
      children.push(started.child);
      return started.firstLine;
    };
    const [a, b] = await Promise.all([start(), start()]);
    const post = (url: string, n: number) =>
      fetch(`${url}${ROUTES.anchor}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(sampleRequest(n)),
      });
    const responses = await Promise.all(Array.from({ length: 40 }, (_, n) => post(n % 2 ? a : b, n)));
    expect(responses.map((r) => r.status)).toEqual(Array(40).fill(201));
    const receipts = (await Promise.all(responses.map((r) => r.json()))) as { anchor_id: string }[];
    const fromA = await (await fetch(`${a}/api/v1/anchors/${receipts[0]!.anchor_id}`)).json();
    const fromB = await (await fetch(`${b}/api/v1/anchors/${receipts[0]!.anchor_id}`)).json();
    expect(fromA).toEqual(fromB);
    expect(fromA).toMatchObject({ tree_size: 40, anchor_id: receipts[0]!.anchor_id });
    const health = await (await fetch(`${b}${ROUTES.health}`)).json();
    expect(health).toMatchObject({ status: "ok", backend: "postgres", entries: 40, anchors: 40 });
    const checkpoint = await (await fetch(`${a}${ROUTES.log}/checkpoint`)).text();
    expect(checkpoint.split("\n").slice(0, 2)).toEqual(["test.example/pg", "40"]);
  });
});
