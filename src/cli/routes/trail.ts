import { type Command, Option } from "commander";
import { ACTION_OUTCOMES } from "../../actions/index.js";
import { DECISIONS, RISK_LEVELS } from "../../chain/index.js";
import { parseIntOption, type Router, TRUST_FIRST } from "../router.js";

export function registerTrailRoutes(program: Command, router: Router): void {
  program
    .command("init")
    .description("create the trailseal home: trail, seal key (0600), policy.yaml, relay-config.json")
    .option("--json", "print the result as JSON")
    .addHelpText("after", "\nExample:\n  trailseal init --home ./.trailseal")
    .action((options, command: Command) =>
      router.run(async (io) =>
        (await import("../commands/init.js")).runInit({ ...options, home: router.home(command) }, io),
      ),
    );

  program
    .command("record")
    .description("record agent actions read on stdin (one JSON action, or JSONL for many)")
    .option("--json", "print the recorded events as JSON")
    .option("--verbose", "with many actions, a line per event besides the summary line")
    .addHelpText(
      "after",
      `\nExamples:\n  echo '{"kind":"command","command":"npm test"}' | trailseal record\n  trailseal record --json < actions.jsonl`,
    )
    .action((options, command: Command) =>
      router.run(async (io) =>
        (await import("../commands/record.js")).runRecord({ ...options, home: router.home(command) }, io),
      ),
    );

  program
    .command("verify")
    .description("verify the whole trail: every hash, every link, and every stored seal")
    .option(
      "--json",
      'print {"ok", "outcome", "chain_tip", "event_count", …} as JSON (always, even when it cannot check)',
    )
    .option("--export <file>", "verify an exported JSON Lines copy on its own instead (docs/export.md)")
    .option(
      "--allow-unverified-seals",
      "with --export: accept seals and stubs not made with this home's key (counted, not proven)",
    )
    .option(
      "--allow-unbound-start",
      "with --export: accept a copy starting at seq N > 0 that no seal of N events binds",
    )
    .option(
      "--witness-url <url>",
      "ask this witness for the newest seal it holds (repeatable; default: relay-config.json's)",
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option("--witness-timeout <duration>", "how long each witness may take to answer (default 10s)")
    .addHelpText(
      "after",
      "\nEvery configured witness is asked for the newest seal it holds for the key id: a witnessed seal\n" +
        "the trail does not reach (cut or rewritten) fails with WITNESS_CUT_DETECTED. With no witness,\n" +
        "the output says the trail was not checked for cuts.\n" +
        "Exit status 0 when the trail verifies, 1 when it does not (naming the first broken seq or seal),\n" +
        "2 when it could not be checked (unreadable trail: nothing is known either way). Takes no lock.",
    )
    .action((options, command: Command) =>
      router.run(async (io) =>
        options.export
          ? (await import("../commands/export.js")).runVerifyExport(
              options.export,
              { ...options, home: router.home(command) },
              io,
            )
          : (await import("../commands/verify.js")).runVerify({ ...options, home: router.home(command) }, io),
      ),
    );

  program
    .command("archive")
    .description(
      "move the trail's lines older than the working window into gzip archives (with their seals and receipts) under the home",
    )
    .option(
      "--window <age>",
      'the working window (default: relay-config.json retention.window, else "30 days")',
    )
    .option("--json", "print the archive written (its manifest entry) as JSON")
    .addHelpText(
      "after",
      "\nArchives are read by verify, report and every view as the start of the chain; the trail's last\n" +
        "event always stays live. Crash-safe: a run stopped at any point leaves a trail verify accepts, and\n" +
        "the next run finishes it. No archive is ever deleted by trailseal (docs/trail-format.md).\n\n" +
        'Examples:\n  trailseal archive\n  trailseal archive --window "90 days" --json',
    )
    .action((options, command: Command) =>
      router.run(async (io) =>
        (await import("../commands/archive.js")).runArchive({ ...options, home: router.home(command) }, io),
      ),
    );

  program
    .command("log")
    .description(
      "list what agents did, oldest first: actions (a tool call's decision and outcome events paired) with their outcome, or the raw events (--events)",
    )
    .addOption(new Option("--risk <level>", "only actions of exactly this level").choices(RISK_LEVELS))
    .addOption(new Option("--min-risk <level>", "only actions at or above this level").choices(RISK_LEVELS))
    .addOption(
      new Option("--decision <decision>", "only this policy decision (none: no decision recorded)").choices([
        ...DECISIONS,
        "none",
      ]),
    )
    .addOption(
      new Option("--outcome <outcome>", "only actions with this outcome")
        .choices(ACTION_OUTCOMES)
        .conflicts("events"),
    )
    .option("--agent <name>", "only this agent's actions (claude-code, cursor, …)")
    .option("--session <id>", "only this session's actions")
    .option("--since <when>", "from this instant: ISO date/time or an age such as 2h, 7d")
    .option("--until <when>", "before this instant")
    .option("--limit <n>", "only the newest n matching actions (events with --events)", parseIntOption)
    .option("--events", "list the raw trail events (a hooked call is two: pre and post) instead of actions")
    .option("--json", "print a JSON array (actions: docs/action-outcomes.md; events: docs/trail-format.md)")
    .addHelpText(
      "after",
      `${TRUST_FIRST}\nTimes are UTC.\n\nExamples:\n  trailseal log --risk critical --since 7d\n  trailseal log --outcome denied --agent claude-code\n  trailseal log --events --session 3f2a…`,
    )
    .action((options, command: Command) =>
      router.run(async (io) =>
        (await import("../commands/log.js")).runLog({ ...options, home: router.home(command) }, io),
      ),
    );
}
