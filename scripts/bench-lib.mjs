// Shared by the benchmark scripts: machine details, medians and a uniform printout.
import { readFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";

export function machine() {
  const cpu = cpus();
  return `${cpu[0]?.model ?? "unknown cpu"}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}, ${process.platform}`;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Prints a Markdown table, ready to paste into docs/performance.md. */
export function report(title, machineLine, rows) {
  console.log(`\n### ${title}\n\nMachine: ${machineLine}\n`);
  console.log("| measure | result | ratio / rate |\n|---|---|---|");
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
}

const LEVELS = ["none", "none", "low", "low", "low", "medium", "medium", "high", "critical"];

/** The i-th event body of a synthetic trail: a realistic mix of levels, flags, agents and decisions. */
export function syntheticEventBody(i) {
  const level = LEVELS[i % LEVELS.length];
  return {
    risk: {
      level,
      flags: level === "critical" ? ["privilege_escalation"] : level === "high" ? ["force_push"] : [],
    },
    agent: i % 3 === 0 ? "cursor" : "claude-code",
    session: `session-${i >> 10}`,
    cwd: "/home/dev/project",
    phase: "pre",
    action: { tool: "Bash", kind: "command", command: `npm test -- --shard ${i % 8}/8` },
    decision: level === "critical" ? "deny" : "allow",
    reasons: ["benchmark event"],
  };
}

/**
 * CPU time (user + system, ms) of this process's waited-for children so far, from
 * /proc/self/stat (Linux; NaN elsewhere). Counted in clock ticks (10 ms), so only the mean over
 * many runs is meaningful; it is less distorted than wall time when other work shares the cores.
 */
export function childrenCpuMs() {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields[0] is field 3 (state): cutime and cstime are fields 16 and 17.
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}
