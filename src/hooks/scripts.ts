/**
 * Scripts on disk, judged by what they hold. The classifier sees only a script's name when a
 * command runs a file the line did not write (`bash deploy.sh`, `./x.sh`, `python tool.py`,
 * `source env.sh`): an agent that wrote the file with its file tool, or edited it piece by piece,
 * got "a script" (medium) on the run. Here the hook reads each such file (relative to the call's
 * working directory) and judges its text as what it is; the call keeps the higher rating, with a
 * reason naming the script and what in it raised it, and the script's SHA-256 in the trail.
 *
 * Only a regular file is read, after a stat that opens nothing (a FIFO, a device, a directory
 * or a file under /proc, /sys or /dev is never opened), non-blocking, at most MAX_SCRIPT_BYTES.
 * What cannot be read — no permission, not a regular file, larger than the cap, a text that
 * changed under the read — is high: what runs is unknown. A file that does not exist yet keeps
 * the name's rating (nothing of it can run before it is written, and writing it is judged).
 * Loaded only when the classifier lists a script run: the common paths read no file here.
 * docs/decisions/scripts-on-disk.md has the decisions.
 */
import { createHash } from "node:crypto";
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { relative } from "node:path";
import type { RiskLevel } from "../chain/index.js";
import { codeOf } from "../errors/index.js";
import {
  mergeAnalyses,
  type RiskAnalysis,
  riskRank,
  type ScriptRun,
  scriptCommand,
  scriptLanguage,
  shellQuote,
} from "../risk/index.js";

/** The largest script read (256 KiB): a larger one is not judged, so it is high. */
export const MAX_SCRIPT_BYTES = 256 * 1024;
/** Scripts read per call, scripts they run included; more are unknown (high). */
const MAX_SCRIPTS = 8;
/** How deep scripts run by scripts are followed (`./a.sh` runs `./b.sh` runs `./c.sh`). */
const MAX_DEPTH = 3;

export type ScriptFile =
  | { kind: "missing" }
  | { kind: "unknown"; why: string }
  | { kind: "compiled"; bytes: number }
  | { kind: "text"; text: string; sha256: string; bytes: number };

function errorCode(error: unknown): string {
  return codeOf(error) ?? "unknown error";
}

function kindOf(stat: { isDirectory(): boolean; isFIFO(): boolean; isSocket(): boolean }): string {
  if (stat.isDirectory()) return "a directory";
  if (stat.isFIFO()) return "a FIFO";
  if (stat.isSocket()) return "a socket";
  return "a device or other special file";
}

/** A compiled program's first bytes: ELF, Mach-O (both ends, fat), PE (`MZ`). */
function compiled(head: Buffer): boolean {
  const magic = head.readUInt32BE(0);
  return (
    magic === 0x7f454c46 ||
    magic === 0xfeedface ||
    magic === 0xfeedfacf ||
    magic === 0xcefaedfe ||
    magic === 0xcffaedfe ||
    magic === 0xcafebabe ||
    (head[0] === 0x4d && head[1] === 0x5a)
  );
}

/** Reads the script at `path` (absolute, or `~/…`) as the rules above say; never blocks. */
export function readScript(path: string): ScriptFile {
  const file = path.startsWith("~/") ? `${homedir()}${path.slice(1)}` : path;
  let real: string;
  try {
    // (a symlink is followed, as the shell follows it; its target is what is judged)
    real = realpathSync(file);
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing" };
    return { kind: "unknown", why: `cannot be resolved (${code})` };
  }
  if (/^\/(proc|sys|dev)(\/|$)/.test(real)) return { kind: "unknown", why: `is ${real}, not a regular file` };
  try {
    const stat = statSync(real);
    if (!stat.isFile()) return { kind: "unknown", why: `is ${kindOf(stat)}, not a regular file` };
  } catch (error) {
    return { kind: "unknown", why: `cannot be examined (${errorCode(error)})` };
  }
  let fd: number;
  try {
    // non-blocking, and no symlink swapped in since the path was resolved
    fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    const code = errorCode(error);
    return { kind: "unknown", why: `cannot be read (${code === "EACCES" ? "permission denied" : code})` };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { kind: "unknown", why: `is ${kindOf(stat)}, not a regular file` };
    if (stat.size > MAX_SCRIPT_BYTES) {
      // a large compiled program (`./node_modules/.bin/esbuild`, a built binary) is no script
      const head = Buffer.alloc(4);
      if (readSync(fd, head, 0, 4, 0) === 4 && compiled(head)) return { kind: "compiled", bytes: stat.size };
      return { kind: "unknown", why: `is ${stat.size} bytes, more than the ${MAX_SCRIPT_BYTES} read` };
    }
    // one byte more than the cap: a file that grew since its stat is seen to be too large
    const buffer = Buffer.alloc(Math.min(stat.size, MAX_SCRIPT_BYTES) + 1);
    let length = 0;
    for (;;) {
      const got = readSync(fd, buffer, length, buffer.length - length, null);
      if (got === 0) break;
      length += got;
      if (length === buffer.length) break;
    }
    if (length > MAX_SCRIPT_BYTES)
      return { kind: "unknown", why: `is more than the ${MAX_SCRIPT_BYTES} bytes read` };
    const bytes = buffer.subarray(0, length);
    if (length >= 4 && compiled(bytes)) return { kind: "compiled", bytes: length };
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    // PowerShell's scripts are often UTF-16 with a byte-order mark
    if (bytes[0] === 0xff && bytes[1] === 0xfe)
      return { kind: "text", text: bytes.subarray(2).toString("utf16le"), sha256, bytes: length };
    if (bytes[0] === 0xfe && bytes[1] === 0xff)
      return {
        kind: "text",
        text: Buffer.from(bytes.subarray(2)).swap16().toString("utf16le"),
        sha256,
        bytes: length,
      };
    if (bytes.subarray(0, 8192).includes(0))
      return { kind: "unknown", why: `holds binary data (sha256:${sha256}): not a script that can be read` };
    return { kind: "text", text: bytes.toString("utf8").replace(/^\uFEFF/, ""), sha256, bytes: length };
  } catch (error) {
    return { kind: "unknown", why: `cannot be read (${errorCode(error)})` };
  } finally {
    closeSync(fd);
  }
}

/** Judges a script's text: a shell or PowerShell command line, or another language's inline code. */
export type ScriptJudge = (command: string, powershell: boolean) => Promise<RiskAnalysis>;

function shown(path: string, cwd: string | null): string {
  if (!cwd || !path.startsWith("/")) return path;
  const inside = relative(cwd, path);
  return inside && !inside.startsWith("..") ? inside : path;
}

/** The analysis with one more reason at `level` (only ever higher: the level is the maximum). */
function raise(analysis: RiskAnalysis, level: RiskLevel, reason: string): RiskAnalysis {
  const higher = riskRank(level) > riskRank(analysis.level);
  return {
    ...analysis,
    level: higher ? level : analysis.level,
    reasons: higher ? [reason, ...analysis.reasons] : [...analysis.reasons, reason],
    leading: higher
      ? [reason]
      : level === analysis.level && level !== "none"
        ? [...analysis.leading, reason]
        : analysis.leading,
  };
}

/** What the script's own judgement adds: its level when higher, the reasons that raised it named. */
function raiseFrom(analysis: RiskAnalysis, inner: RiskAnalysis, name: string): RiskAnalysis {
  const flags = [...new Set([...analysis.flags, ...inner.flags])];
  const leading = inner.leading.slice(0, 3).map((reason) => `${name} (on disk): ${reason}`);
  if (riskRank(inner.level) > riskRank(analysis.level))
    return { ...analysis, level: inner.level, flags, leading, reasons: [...leading, ...analysis.reasons] };
  if (inner.level === analysis.level && riskRank(inner.level) >= riskRank("high"))
    return {
      ...analysis,
      flags,
      leading: [...analysis.leading, ...leading],
      reasons: [...analysis.reasons, ...leading],
    };
  return { ...analysis, flags };
}

/**
 * The call's analysis with every script it runs read and judged (scripts those run too, to
 * MAX_DEPTH): never lower than `analysis`. Each script read leaves its SHA-256 among the reasons,
 * so the trail says exactly which text the call was judged on.
 */
export async function judgeScripts(
  analysis: RiskAnalysis,
  cwd: string | null,
  judge: ScriptJudge,
): Promise<RiskAnalysis> {
  let result = analysis;
  const queue: { run: ScriptRun; depth: number }[] = analysis.scripts.map((run) => ({ run, depth: 1 }));
  const seen = new Set<string>();
  let read = 0;
  while (queue.length > 0) {
    const { run, depth } = queue.shift()!;
    if (seen.has(run.path)) continue;
    seen.add(run.path);
    const name = shown(run.path, cwd);
    if (read >= MAX_SCRIPTS) {
      result = raise(
        result,
        "high",
        `runs ${name}, past the ${MAX_SCRIPTS} scripts read per call: what runs is unknown`,
      );
      continue;
    }
    read += 1;
    const file = readScript(run.path);
    if (file.kind === "missing") continue;
    if (file.kind === "unknown") {
      result = raise(result, "high", `runs ${name}, which ${file.why}: what runs is unknown`);
      continue;
    }
    if (file.kind === "compiled") {
      result = raise(
        result,
        "none",
        `runs ${name}, a compiled program (${file.bytes} bytes): judged by its name`,
      );
      continue;
    }
    const digest = `runs ${name} as read from disk: sha256:${file.sha256} (${file.bytes} bytes)`;
    const language = scriptLanguage(run.runner, run.path, file.text);
    if (language === null) {
      result = raise(result, "none", `${digest}, a language no rule reads: judged by its name`);
      continue;
    }
    let inner = await judge(scriptCommand(language, file.text), language === "powershell");
    // PowerShell's whole text as `pwsh -Command` code as well: download-and-run, encoded and .NET
    // forms are judged over the script, not a line (src/risk/rules/powershell.ts)
    if (language === "powershell")
      inner = mergeAnalyses(
        inner,
        await judge(`pwsh -Command ${shellQuote(scriptCommand(language, file.text))}`, false),
      );
    result = raise(raiseFrom(result, inner, name), "none", digest);
    if (depth < MAX_DEPTH) queue.push(...inner.scripts.map((next) => ({ run: next, depth: depth + 1 })));
  }
  return result;
}
