/**
 * `trailseal classify --batch`: JSON Lines in (one action, or with `--agent` one hook payload
 * of that agent, per line), one JSON result per line out, in one process: the parser loads
 * once, so a log of thousands of commands is judged in seconds. With `--policy FILE` each
 * result also carries the decision that policy would give (the hook's decision before it asks
 * the agent). Nothing is recorded. A line that is not valid input is answered with its error
 * code and the batch goes on; so is a line the classifier fails on (RISK_JUDGE_FAILED, a defect:
 * the hook denies such a call), so that one bad line never hides the rest of a log's verdicts.
 * The exit status then says so (CLI_BATCH_LINES_INVALID). Reasons
 * may quote the line (a deny glob's reason names the command it matched): they are shown with
 * the secrets the line passes redacted, as the trail would hold them.
 */
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { parseActionValue } from "../../action-input/index.js";
import { AGENT_SPECS, isAgent, parsePayload } from "../../agents/index.js";
import { TrailsealError } from "../../errors/index.js";
import { judgeAction, judgeCall } from "../../hooks/index.js";
import { evaluatePolicy, type Policy, parsePolicy } from "../../policy/index.js";
import { messageScrubber, type RedactionSeed, seedOfAction } from "../../redact/index.js";
import { analyze, type RiskAnalysis } from "../../risk/index.js";
import type { CliIO } from "../io.js";

export interface ClassifyBatchOptions {
  /** The home whose key and redaction settings mark the secrets reasons would quote. */
  home: string;
  agent?: string;
  policy?: string;
  /** Read the script files a command runs, as the hook does (relative to the line's cwd, else `cwd`). */
  readScripts?: boolean;
  cwd?: string;
}

/** The longest line read (as `trailseal classify` reads one action). */
const MAX_LINE = 1 << 20;

type Result = Record<string, unknown>;

interface Judged {
  analysis: RiskAnalysis;
  /** What a reason may quote: the command line, else the line's JSON text (redact's seed). */
  seed: RedactionSeed;
}

interface LineOptions {
  agent: string | undefined;
  /** The working directory of lines that name none, when scripts are read. */
  scriptsCwd: string | null;
}

async function judgeLine(line: string, { agent, scriptsCwd }: LineOptions): Promise<Judged | "ignored"> {
  if (line.length > MAX_LINE)
    throw new TrailsealError("CLI_INPUT_TOO_LARGE", `the line is larger than ${MAX_LINE} bytes`);
  if (agent && isAgent(agent)) {
    const call = AGENT_SPECS[agent].call(parsePayload(line));
    if (call.phase === "ignore" || !call.action) return "ignored";
    if (scriptsCwd !== null) call.action.cwd = call.action.cwd ?? scriptsCwd;
    const analysis = await judgeCall(call, { readScripts: scriptsCwd !== null });
    return { analysis, seed: seedOfAction(call.action.target, line) };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    throw new TrailsealError("ACTION_INVALID_JSON", "the line is not JSON");
  }
  const action = parseActionValue(raw, "line");
  const analysis =
    scriptsCwd === null
      ? await analyze(action)
      : await judgeAction({ ...action, cwd: action.cwd ?? scriptsCwd }, { readScripts: true });
  return { analysis, seed: seedOfAction(action.target, line) };
}

/**
 * Whether a reason may quote part of the line: some word of 6+ characters (a secret's shortest
 * quoted start) is in both. Most lines' reasons quote nothing ("mysql runs database
 * statements"): they are not scanned, which keeps a batch of thousands of lines fast.
 */
function quotesLine(reasons: string[], line: string): boolean {
  for (const reason of reasons)
    for (const word of reason.split(/[\s"'`=:,;()[\]{}]+/))
      if (word.length >= 6 && line.includes(word)) return true;
  return false;
}

/**
 * A line's error as its result carries it. A failure without a code is the classifier's own
 * defect: its message may quote the line (a secret included), so only the error's kind is told.
 */
function lineError(error: unknown): { code: string; message: string } {
  if (error instanceof TrailsealError) return { code: error.code, message: error.message };
  const kind = error instanceof Error ? error.name : typeof error;
  return {
    code: "RISK_JUDGE_FAILED",
    message: `the classifier failed on this line (${kind}); the hook denies such a call (fail closed)`,
  };
}

export async function runClassifyBatch(options: ClassifyBatchOptions, io: CliIO): Promise<number> {
  if (options.agent !== undefined && !isAgent(options.agent))
    throw new TrailsealError("HOOK_AGENT_UNSUPPORTED", `unknown agent ${options.agent}`, {
      hint: `one of: ${Object.keys(AGENT_SPECS).join(", ")}`,
    });
  const policy: Policy | null = options.policy
    ? await parsePolicy(await readFile(options.policy, "utf8"), options.policy)
    : null;
  const scrub = await messageScrubber(options.home);
  const lineOptions: LineOptions = {
    agent: options.agent,
    scriptsCwd: options.readScripts ? resolve(options.cwd ?? ".") : null,
  };
  const lines = createInterface({ input: io.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  let number = 0;
  let invalid = 0;
  let out = "";
  for await (const line of lines) {
    number += 1;
    if (line.trim() === "") continue;
    let result: Result;
    try {
      const judged = await judgeLine(line, lineOptions);
      if (judged === "ignored") {
        result = { line: number, ignored: true };
      } else {
        const { analysis, seed } = judged;
        const { level, flags } = analysis;
        const decision = policy ? await evaluatePolicy(policy, analysis) : null;
        const quoted = [...analysis.reasons, ...(decision?.reasons ?? [])];
        const reasons = quotesLine(quoted, line) ? await scrub(seed, quoted) : quoted;
        result = { line: number, level, flags, reasons: reasons.slice(0, analysis.reasons.length) };
        if (decision) {
          // as the hook answers it: an allow no rule gave is "no objection" (pass)
          result.decision = decision.decision === "allow" && !decision.rule ? "pass" : decision.decision;
          result.policy = reasons.slice(analysis.reasons.length);
          if (decision.rule) result.rule = decision.rule;
        }
      }
    } catch (error) {
      invalid += 1;
      result = { line: number, error: lineError(error) };
    }
    out += `${JSON.stringify(result)}\n`;
    if (out.length > 1 << 16) {
      io.stdout.write(out);
      out = "";
    }
  }
  if (out) io.stdout.write(out);
  if (invalid > 0)
    throw new TrailsealError(
      "CLI_BATCH_LINES_INVALID",
      `${invalid} of ${number} lines were not valid input or could not be judged (answered with their error)`,
    );
  return 0;
}
