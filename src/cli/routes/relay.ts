import type { Command } from "commander";
import type { Router } from "../router.js";

export function registerRelayRoutes(program: Command, router: Router): void {
  const relay = program
    .command("relay")
    .description("the background relay: seals the trail every interval and publishes seals to the witnesses");

  relay
    .command("start")
    .description("start the relay for this home (in the background unless --foreground)")
    .option("--foreground", "run in this process until SIGTERM/SIGINT (what the background start runs)")
    .option(
      "--interval <duration>",
      "seal every DURATION instead of auto_seal.interval_minutes (e.g. 2s, 5m)",
    )
    .option("--json", "print {pid} as JSON")
    .addHelpText(
      "after",
      "\nExamples:\n  trailseal relay start\n  trailseal relay start --interval 30s    # a fast cadence for CI or a demo",
    )
    .action((options, command: Command) =>
      router.run(async (io) =>
        (await import("../commands/relay.js")).runRelayStart(
          { ...options, home: router.home(command), version: program.version() },
          io,
        ),
      ),
    );

  relay
    .command("stop")
    .description("stop the relay (it finishes the publish in flight first)")
    .option("--json", "print the result as JSON")
    .addHelpText("after", "\nExample:\n  trailseal relay stop")
    .action((options, command: Command) =>
      router.run(async (io) =>
        (await import("../commands/relay.js")).runRelayStop({ ...options, home: router.home(command) }, io),
      ),
    );

  relay
    .command("restart")
    .description("stop and start the relay, so that relay-config.json changes apply")
    .option("--interval <duration>", "seal every DURATION instead of auto_seal.interval_minutes")
    .option("--json", "print {pid} as JSON")
    .addHelpText("after", "\nExample:\n  trailseal relay restart")
    .action((options, command: Command) =>
      router.run(async (io) =>
        (await import("../commands/relay.js")).runRelayRestart(
          { ...options, home: router.home(command) },
          io,
        ),
      ),
    );

  relay
    .command("status")
    .description("pid, uptime, configuration in force, last seal, last quorum result, pending retries")
    .option("--json", "print the status as JSON")
    .addHelpText(
      "after",
      "\nExit status 0 when the relay is running, 1 when it is not.\n\nExample:\n  trailseal relay status --json",
    )
    .action((options, command: Command) =>
      router.run(async (io) =>
        (await import("../commands/relay.js")).runRelayStatus({ ...options, home: router.home(command) }, io),
      ),
    );
}
