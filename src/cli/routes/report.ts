import { type Command, Option } from "commander";
import { parseIntOption, type Router } from "../router.js";

export function registerReportRoutes(program: Command, router: Router): void {
  program
    .command("report")
    .description("compliance report: seal coverage, witness confirmation, chain integrity, risk summary")
    .option(
      "--from <when>",
      "start of the audit period: ISO date/time or an age such as 30d (default: first event)",
    )
    .option("--to <when>", "end of the audit period (default: now)")
    .addOption(
      new Option("--format <format>", "output format (markdown is md)")
        .choices(["json", "md", "markdown", "html"])
        .default("md"),
    )
    .option("--json", "same as --format json")
    .option(
      "--controls <framework>",
      "map the evidence to a framework's controls: eu-ai-act, iso-42001, soc2, nist-800-53, owasp-aisvs (docs/controls.md); evidence, never a claim of compliance",
    )
    .option(
      "--sample <n>",
      "pick N actions of the period reproducibly, each with its events, its covering seal and the chain proof",
      parseIntOption,
    )
    .option("--seed <seed>", "the seed of --sample: the same seed picks the same actions (default: 0)")
    .option("--output <file>", "write the report to FILE instead of stdout")
    .option("--verify-witnesses", "re-check every seal's receipts against the witnesses (network)")
    .option(
      "--witness-policy <file>",
      "check each seal's kept offline proof's cosignatures against this C2SP policy (its quorum, no network)",
    )
    .option(
      "--witness-url <url>",
      "ask this witness for the newest seal it holds (repeatable; default: relay-config.json's)",
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .addHelpText(
      "after",
      [
        "",
        "Every configured witness is asked for the newest seal it holds for the key id; a seal the trail does",
        "not reach is a cut, shown first in the report (completeness).",
        "Exit status 0 when the chain is intact and not cut, 1 when chain_integrity.ok is false or a cut was",
        "found (the report is still written).",
        "",
        "Examples:",
        "  trailseal report --from 2026-10-01 --to 2026-11-01 --format html --output audit.html",
        "  trailseal report --format md >> $GITHUB_STEP_SUMMARY",
        "  trailseal report --json --verify-witnesses | jq .seal_coverage.percent",
        "  trailseal report --controls soc2 --from 2026-05-01 --format html --output soc2.html",
        "  trailseal report --sample 25 --seed audit-2026 --json > sample.json",
      ].join("\n"),
    )
    .action((options, command: Command) =>
      router.run(async (io) =>
        (await import("../commands/report.js")).runReport({ ...options, home: router.home(command) }, io),
      ),
    );
}
