import type { Command } from "commander";
import { parseIntOption, type Router } from "../router.js";

export function registerExportRoutes(program: Command, router: Router): void {
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
