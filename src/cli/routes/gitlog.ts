import type { Command } from "commander";
import type { Router } from "../router.js";

/** `witness init` and `witness audit`: creating and auditing git transparency logs (docs/log-format.md). */
export function registerGitlogRoutes(witness: Command, router: Router): void {
  witness
    .command("init")
    .description(
      "create a git transparency log: template files, a fresh Ed25519 log key (kept in the home), a first signed commit",
    )
    .argument("<dir>", "new directory for the log repository")
    .option("--bare", "create a bare repository (what `witness serve --store` and remotes want)")
    .option(
      "--origin <name>",
      "the log's origin, e.g. github.com/acme/trailseal-log (default: derived from the key)",
    )
    .option("--json", "print the result as JSON")
    .addHelpText(
      "after",
      "\nThe private key is written to <home>/log-keys/ (0600) and never into the repository.\n\n" +
        "Examples:\n  trailseal witness init --bare --origin github.com/acme/trailseal-log ./log.git\n" +
        "  trailseal witness serve --port 8080 --store ./log.git",
    )
    .action((dir: string, options, command: Command) =>
      router.run(async (io) =>
        (await import("../commands/witness-init.js")).runWitnessInit(
          { ...options, dir, home: router.home(command) },
          io,
        ),
      ),
    );

  witness
    .command("audit")
    .description("audit a whole git transparency log: signatures, append-only history, entries, checkpoints")
    .argument("<dir|url>", "a local log (bare or not) or a git URL to clone")
    .option(
      "--known-head <commit>",
      "a head seen before: fail if it is not in the history (rewrite detection)",
    )
    .option("--json", "print the audit report as JSON")
    .option(
      "--witness-policy <file>",
      "also require a checkpoint cosigned to this C2SP policy's quorum: the head's, else the newest in the history (exit 3)",
    )
    .addHelpText(
      "after",
      "\nExit 0 when the log passes, 1 naming the first bad commit otherwise.\n\n" +
        "Examples:\n  trailseal witness audit .\n  trailseal witness audit https://github.com/acme/trailseal-log.git --json",
    )
    .action((target: string, options, command: Command) =>
      router.run(async (io) =>
        (await import("../commands/witness-audit.js")).runWitnessAudit(
          { ...options, target, home: router.home(command) },
          io,
        ),
      ),
    );
}
