import { type Command, Option } from "commander";
import { RISK_LEVELS } from "../../chain/index.js";
import { parseIntOption, type Router } from "../router.js";

export function registerExportRoutes(program: Command, router: Router): void {
  registerExportCommand(program, router);
  const redact = program
    .command("redact")
    .description("work with redacted secrets (secrets are replaced by keyed markers before hashing)");
  redact
    .command("check")
    .description(
      "confirm that a suspected value is the secret a marker in an event replaced (needs the seal key)",
    )
    .argument("<value>", "the suspected value; - reads it from stdin (keeps it out of shell history)")
    .requiredOption("--seq <n>", "the event to check", parseIntOption)
    .option("--json", 'print {"seq", "matched", "markers"} as JSON')
    .addHelpText(
      "after",
      "\nExit status 0 when a marker commits to the value, 1 when none does. The value is never printed.\nExample:\n  printf '%s' \"$SUSPECT\" | trailseal redact check - --seq 42",
    )
    .action((value: string, options, command: Command) =>
      router.run(async (io) =>
        (await import("../commands/redact.js")).runRedactCheck(
          value,
          { ...options, home: router.home(command) },
          io,
        ),
      ),
    );
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

export function registerExportCommand(program: Command, router: Router): void {
  program
    .command("export")
    .description("export the trail as OTLP log records or as JSON Lines that `verify --export` re-verifies")
    .addOption(
      new Option("--format <format>", "jsonl, or otlp (default: otlp when --otlp-endpoint is given)").choices(
        ["jsonl", "otlp"],
      ),
    )
    .option(
      "--output <file>",
      "JSON Lines destination (- for stdout); written to a temporary file and renamed",
    )
    .option(
      "--otlp-endpoint <url>",
      "OTLP/HTTP collector, e.g. http://127.0.0.1:4318 (/v1/logs is added to a base URL); default OTEL_EXPORTER_OTLP_LOGS_ENDPOINT, OTEL_EXPORTER_OTLP_ENDPOINT",
    )
    .option("--no-omitted", "OTLP: do not send stubs for the events a --risk/--min-risk filter leaves out")
    .addOption(
      new Option("--otlp-protocol <protocol>", "OTLP encoding")
        .choices(["http/protobuf", "http/json"])
        .default("http/protobuf"),
    )
    .option(
      "--header <name: value>",
      "an HTTP header for the OTLP endpoint (repeatable; e.g. authorization)",
      collect,
    )
    .option("--since <when>", "from this instant: ISO date/time or an age such as 2h, 7d")
    .option("--until <when>", "before this instant")
    .addOption(
      new Option("--risk <level>", "only events of exactly this level (others become omitted stubs)").choices(
        RISK_LEVELS,
      ),
    )
    .addOption(new Option("--min-risk <level>", "only events at or above this level").choices(RISK_LEVELS))
    .option("--sealed-only", "only events a stored seal covers")
    .option("--cursor <name>", "resume where the last export with this name stopped, and move the cursor on")
    .option("--json", "print a summary as JSON")
    .addHelpText(
      "after",
      "\nThe record is checked first (chain, seals, configured witnesses): a broken or cut record is not\n" +
        "exported (its code on stderr, exit 1, nothing written, no cursor moved).\n" +
        "\nExamples:\n  trailseal export --format jsonl --output trail-export.jsonl && trailseal verify --export trail-export.jsonl\n  trailseal export --otlp-endpoint http://127.0.0.1:4318/v1/logs --header 'authorization: Bearer …' --cursor siem --sealed-only",
    )
    .action((options, command: Command) =>
      router.run(async (io) =>
        (await import("../commands/export.js")).runExport(
          { ...options, home: router.home(command), version: program.version() },
          io,
        ),
      ),
    );
}
