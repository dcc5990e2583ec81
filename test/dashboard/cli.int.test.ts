import { spawn } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendEvents, trailDir } from "../../src/trail/index.js";
import { CLI, REPO_ROOT, runCli } from "../helpers/cli.js";
import { mixedBodies, tempHome } from "./fixtures.js";

describe("trailseal dashboard (built CLI)", () => {
  let home: string;
  let cleanup: () => Promise<void>;

  beforeEach(async () => {
    ({ home, cleanup } = await tempHome());
    await appendEvents(trailDir(home), mixedBodies());
  });
  afterEach(() => cleanup());

  it("refuses a non-loopback bind without a token (exit 2)", async () => {
    const result = await runCli(["dashboard", "--home", home, "--host", "0.0.0.0", "--port", "0"], {
      env: { TRAILSEAL_DASHBOARD_TOKEN: "" },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^trailseal: error: /);
    expect(result.stderr).toMatch(/trailseal: hint: .*--token/);
  });

  it("serves the page, its files and chart.js from dist, and stops on SIGTERM", async () => {
    const child = spawn(process.execPath, [CLI, "dashboard", "--home", home, "--port", "0", "--json"], {
      cwd: REPO_ROOT,
      env: { ...process.env, TRAILSEAL_HOME: undefined, TRAILSEAL_DASHBOARD_TOKEN: undefined },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    let stdout = "";
    const { url } = await new Promise<{ url: string }>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString("utf8");
        if (stdout.trimEnd().endsWith("}")) resolve(JSON.parse(stdout));
      });
      child.on("close", () => reject(new Error(`dashboard exited: ${stdout}`)));
    });
    for (const path of ["", "assets/app.js", "assets/app.css", "assets/chart.umd.min.js"]) {
      expect((await fetch(`${url}${path}`)).status).toBe(200);
    }
    const summary = (await (await fetch(`${url}api/summary?period=all`)).json()) as { total: number };
    expect(summary.total).toBe(9);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
