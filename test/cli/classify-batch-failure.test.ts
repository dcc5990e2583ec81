// A line the classifier fails on (a defect, not bad input) is answered with RISK_JUDGE_FAILED and
// the batch goes on: one line never hides the verdicts of the rest of a log. The failure's own
// message is not repeated (it may quote the line, a secret included). The classifier is made to
// fail here on one command, since every known cause of a failure is fixed.
import { PassThrough } from "node:stream";
import { describe, expect, it, vi } from "vitest";

vi.mock("../../src/risk/index.js", async (original) => {
  const real = await original<typeof import("../../src/risk/index.js")>();
  return {
    ...real,
    analyze: async (action: Parameters<typeof real.analyze>[0]) => {
      if (JSON.stringify(action.target).includes("explode"))
        throw new TypeError("cannot read explode --token=hunter2-s3cret");
      return real.analyze(action);
    },
  };
});

const { runClassifyBatch } = await import("../../src/cli/commands/classify-batch.js");
const { TrailsealError } = await import("../../src/errors/index.js");
const { tempDir } = await import("../helpers/cli.js");

describe("classify --batch when the classifier fails on a line", () => {
  it("answers that line with RISK_JUDGE_FAILED, judges the others, and exits with CLI_BATCH_LINES_INVALID", async () => {
    const { dir, cleanup } = await tempDir("trailseal-batch-fail-");
    try {
      const stdin = new PassThrough();
      const stdout = new PassThrough();
      let out = "";
      stdout.on("data", (chunk) => {
        out += chunk;
      });
      const lines = ["ls -la", "explode --token=hunter2-s3cret", "rm -rf /"].map((command) =>
        JSON.stringify({ kind: "command", command, cwd: "/home/dev/project" }),
      );
      stdin.end(`${lines.join("\n")}\n`);
      const io = { stdin, stdout, stderr: new PassThrough(), env: {} };
      const run = runClassifyBatch({ home: dir }, io);
      await expect(run).rejects.toBeInstanceOf(TrailsealError);
      await expect(run).rejects.toMatchObject({ code: "CLI_BATCH_LINES_INVALID" });
      const results = out
        .trim()
        .split("\n")
        .map((text) => JSON.parse(text));
      expect(results.map((result) => result.line)).toEqual([1, 2, 3]);
      expect(results[0].level).toBe("none");
      expect(results[1]).toEqual({
        line: 2,
        error: {
          code: "RISK_JUDGE_FAILED",
          message:
            "the classifier failed on this line (TypeError); the hook denies such a call (fail closed)",
        },
      });
      expect(results[2].level).toBe("critical");
      expect(out).not.toContain("hunter2");
    } finally {
      await cleanup();
    }
  });
});
