import { RISK_LEVELS } from "../chain/index.js";
import type { ComplianceReport } from "./model.js";
import { escapeMdCell as cell, duration, pct } from "./text.js";

/** Markdown for pull requests and CI summaries: the verdict table first, details after. */

const MAX_ROWS = 20;

function table(header: string[], rows: string[][]): string[] {
  return [
    `| ${header.join(" | ")} |`,
    `|${header.map(() => "---").join("|")}|`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ];
}

export function renderMarkdown(report: ComplianceReport): string {
  const cov = report.seal_coverage;
  const wit = report.witness_confirmation;
  const chain = report.chain_integrity;
  const lines: string[] = [];
  lines.push("# trailseal compliance report", "");
  lines.push(
    `Period **${report.period.from}** → **${report.period.to}** (${duration(report.period.duration_ms)}), generated ${report.generated_at}.`,
    "",
  );
  lines.push(
    ...table(
      ["Check", "Result"],
      [
        [
          "Seal coverage",
          `${cov.percent === 100 ? "✅" : "⚠️"} ${pct(cov.percent)} of the period covered (interval ${duration(cov.interval_ms)}, ${cov.gaps.length} gap(s)); ${pct(cov.events_covered_percent)} of events sealed`,
        ],
        [
          "Witness confirmation",
          `${wit.seals_meeting_quorum === wit.seals_total ? "✅" : "⚠️"} ${wit.seals_meeting_quorum} of ${wit.seals_total} seal(s) met quorum ${wit.quorum} (${wit.verified_live ? "re-checked with the witnesses" : "from stored receipts"})`,
        ],
        [
          "Chain integrity",
          chain.ok
            ? `✅ unbroken: ${chain.events_verified} events, ${chain.seals_matching}/${chain.seals_checked} seals match the chain`
            : `❌ broken${chain.first_broken_seq === null ? "" : ` at seq ${chain.first_broken_seq}`}: ${cell(chain.broken?.message ?? `${chain.seals_checked - chain.seals_matching} seal(s) do not match`)}`,
        ],
      ],
    ),
    "",
  );

  lines.push("## Seal coverage", "");
  lines.push(
    `A moment is covered when a valid seal follows it within one interval (${duration(cov.interval_ms)}). ` +
      `Covered ${duration(cov.covered_ms)} of ${duration(cov.period_ms)}; ${cov.seals_valid} of ${cov.seals_total} seal(s) valid; ` +
      `${cov.events_covered} of ${cov.events_in_period} event(s) in the period are covered by a later valid seal.`,
    "",
  );
  if (cov.gaps.length > 0) {
    const largest = [...cov.gaps].sort((a, b) => b.duration_ms - a.duration_ms).slice(0, MAX_ROWS);
    lines.push(
      `Uncovered gaps (${largest.length === cov.gaps.length ? "all" : `largest ${largest.length} of ${cov.gaps.length}`}):`,
      "",
    );
    lines.push(
      ...table(
        ["From", "To", "Length", "Not yet due"],
        largest.map((g) => [
          g.from,
          g.to,
          duration(g.duration_ms),
          g.not_yet_due_ms > 0 ? duration(g.not_yet_due_ms) : "",
        ]),
      ),
      "",
    );
  }
  if (cov.invalid_seals.length > 0) {
    lines.push("Seals that do not count (they do not match the chain):", "");
    lines.push(
      ...table(
        ["Seal", "Timestamp", "Events", "Problem"],
        cov.invalid_seals
          .slice(0, MAX_ROWS)
          .map((s) => [s.id, s.timestamp, String(s.event_count), `${s.code}: ${cell(s.message)}`]),
      ),
      "",
    );
  }

  lines.push("## Witness confirmation", "");
  if (!wit.witness_enabled) lines.push("Witness publishing is disabled in relay-config.json.", "");
  const below = wit.seals.filter((s) => !s.met);
  if (below.length > 0) {
    lines.push(`Seals below quorum (${below.length}):`, "");
    lines.push(
      ...table(
        ["Seal", "Timestamp", "Confirmations", "Witnesses"],
        below
          .slice(0, MAX_ROWS)
          .map((s) => [
            s.id,
            s.timestamp,
            `${s.confirmations}/${s.quorum}`,
            cell(s.live_error ? `check failed: ${s.live_error}` : s.witnesses.join(", ") || "none"),
          ]),
      ),
      "",
    );
  } else if (wit.seals_total > 0) {
    lines.push(`Every seal in the period met quorum ${wit.quorum}.`, "");
  }

  lines.push("## Chain integrity", "");
  lines.push(
    `- events: ${chain.events_total} (verified ${chain.events_verified}), chain tip \`${chain.chain_tip}\``,
  );
  if (chain.broken)
    lines.push(
      `- first broken seq: **${chain.broken.seq}** (${chain.broken.reason}): ${cell(chain.broken.message)}`,
    );
  lines.push(
    `- latest seal: ${chain.latest_seal ? `${chain.latest_seal.id} at ${chain.latest_seal.timestamp} (${chain.latest_seal.event_count} events)` : "none"}`,
  );
  lines.push(
    `- unsealed tail: ${chain.unsealed_tail.events} event(s)${chain.unsealed_tail.from_seq === null ? "" : ` from seq ${chain.unsealed_tail.from_seq} (${chain.unsealed_tail.first_ts} → ${chain.unsealed_tail.last_ts})`}`,
  );
  lines.push(
    `- seal signatures ${chain.signatures_checked ? "checked with the seal key" : "not checked (no seal key here)"}`,
    "",
  );

  const risk = report.risk;
  lines.push("## Risk summary", "");
  lines.push(
    ...table(["Level", ...RISK_LEVELS], [["events", ...RISK_LEVELS.map((l) => String(risk.by_level[l]))]]),
    "",
  );
  const flags = Object.entries(risk.by_flag).filter(([, n]) => n > 0);
  if (flags.length > 0) {
    lines.push(
      ...table(
        ["Flag", "Events"],
        flags.sort((a, b) => b[1] - a[1]).map(([f, n]) => [f, String(n)]),
      ),
      "",
    );
  }
  if (risk.top_flagged_commands.length > 0) {
    lines.push("Most frequent flagged commands:", "");
    lines.push(
      ...table(
        ["Command", "Count", "Level"],
        risk.top_flagged_commands.map((c) => [cell(c.command), String(c.count), c.level]),
      ),
      "",
    );
  }
  if (risk.high_risk.length > 0) {
    lines.push("Latest high and critical events:", "");
    lines.push(
      ...table(
        ["Seq", "Time", "Level", "Flags", "Decision", "Action"],
        risk.high_risk
          .slice(-10)
          .map((e) => [String(e.seq), e.ts, e.level, e.flags.join(", "), e.decision, cell(e.action)]),
      ),
      "",
    );
  }
  return `${lines.join("\n")}\n`;
}
