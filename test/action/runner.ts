/**
 * The GitHub runner, as far as a composite action needs one: `action.yml`'s steps are read, the
 * `${{ inputs.* }}` / `${{ steps.*.outputs.* }}` expressions filled in, and each `run:` goes to
 * `bash -e -o pipefail` with the step's env and the runner's step environment
 * (GITHUB_ACTION_PATH, RUNNER_TEMP, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY). `uses:` steps
 * (upload-artifact) are not run; what they would upload is returned.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cp, symlink } from "node:fs/promises";
import { join } from "node:path";
import { expect } from "vitest";
import { parse } from "yaml";
import { REPO_ROOT } from "../helpers/cli.js";

interface Step {
  id?: string;
  name?: string;
  if?: string;
  run?: string;
  uses?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface ActionYml {
  inputs: Record<string, { required?: boolean; default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}

const action = parse(readFileSync(join(REPO_ROOT, "action.yml"), "utf8")) as ActionYml;

/**
 * The action's checkout as the runner fetches it, with a built CLI (`trailseal-version: source`
 * then builds nothing): a copy, so that nothing the action does touches the working tree.
 */
export async function checkoutAction(into: string): Promise<string> {
  for (const path of [
    "action.yml",
    "package.json",
    "scripts/ci/action-run.mjs",
    "scripts/ci/action-attest.mjs",
    "scripts/ci/action-evidence.mjs",
    "dist",
  ]) {
    await cp(join(REPO_ROOT, path), join(into, path), { recursive: true });
  }
  await symlink(join(REPO_ROOT, "node_modules"), join(into, "node_modules"));
  return into;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  uploads: { name: string; path: string }[];
}

function parseOutputs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const eq = line.indexOf("=");
    if (eq > 0) out[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return out;
}

function runStep(
  script: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["--noprofile", "--norc", "-e", "-o", "pipefail", "-c", script], {
      cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/** Runs the composite action's steps like the runner: stops at the first failed step, except `if: always()`. */
export async function runAction(
  actionPath: string,
  inputs: Record<string, string>,
  runnerTemp: string,
  /** More of the job's environment (e.g. npm_config_cache, as setup-node's npm cache gives). */
  jobEnv: NodeJS.ProcessEnv = {},
): Promise<RunResult> {
  for (const [name, spec] of Object.entries(action.inputs)) {
    if (spec.required && !(name in inputs)) throw new Error(`input ${name} is required`);
  }
  const value = (name: string) => inputs[name] ?? action.inputs[name]?.default ?? "";
  const stepOutputs: Record<string, Record<string, string>> = {};
  const expand = (text: string) =>
    text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expr: string) => {
      const input = /^inputs\.([\w-]+)$/.exec(expr);
      if (input) return value(input[1]!);
      const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expr);
      if (output) return stepOutputs[output[1]!]?.[output[2]!] ?? "";
      throw new Error(`unsupported expression ${expr}`);
    });
  const summaryPath = join(runnerTemp, "step-summary.md");
  writeFileSync(summaryPath, "");
  const result: RunResult = { code: 0, stdout: "", stderr: "", outputs: {}, summary: "", uploads: [] };
  let failed = false;
  for (const [index, step] of action.runs.steps.entries()) {
    const condition = step.if ?? "success()";
    if (failed && !condition.includes("always()")) continue;
    if (step.uses) {
      // The upload's condition: always(), a name and a directory to upload.
      if (value("artifact-name") !== "" && stepOutputs.run?.["artifact-dir"]) {
        result.uploads.push({ name: expand(step.with!.name!), path: expand(step.with!.path!) });
      }
      continue;
    }
    const outputPath = join(runnerTemp, `output-${index}`);
    writeFileSync(outputPath, "");
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: runnerTemp,
      CI: "true",
      GITHUB_ACTIONS: "true",
      GITHUB_ACTION_PATH: actionPath,
      RUNNER_TEMP: runnerTemp,
      GITHUB_OUTPUT: outputPath,
      GITHUB_STEP_SUMMARY: summaryPath,
      GITHUB_RUN_ID: "4242",
      GITHUB_RUN_ATTEMPT: "1",
      ...jobEnv,
    };
    for (const [key, raw] of Object.entries(step.env ?? {})) env[key] = expand(String(raw));
    expect(step.shell).toBe("bash");
    // Asynchronous: the git server of this test answers from this process's event loop.
    const child = await runStep(expand(step.run!), runnerTemp, env);
    result.stdout += child.stdout;
    result.stderr += child.stderr;
    if (step.id) stepOutputs[step.id] = parseOutputs(readFileSync(outputPath, "utf8"));
    if (child.status !== 0) {
      failed = true;
      result.code = child.status ?? 1;
    }
  }
  for (const [name, spec] of Object.entries(action.outputs)) result.outputs[name] = expand(spec.value);
  result.summary = readFileSync(summaryPath, "utf8");
  return result;
}

/** What a failed assertion shows: the step's output and the publish outcomes. */
export function debug(run: RunResult): string {
  const publish = join(run.outputs["artifact-dir"] ?? "", "publish.json");
  return `${run.stdout}${run.stderr}${existsSync(publish) ? readFileSync(publish, "utf8") : ""}`;
}
