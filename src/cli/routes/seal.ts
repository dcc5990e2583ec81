import type { Command } from "commander";
import type { Router } from "../router.js";

export function registerSealRoutes(program: Command, router: Router): void {
  program
    .command("seal")
    .description("seal the trail's current tip now (HMAC-SHA256 with the seal key) and store the seal")
    .option("--json", 'print {"chain_tip", "event_count", "timestamp", "signature", "key_id"}')
    .option(
      "--publish",
      "also publish the seal to relay-config.json's witnesses now (exit 3 below quorum, 1 on a cut)",
    )
    .option("--timeout <duration>", "with --publish: the longest the whole publish may take (default 10s)")
    .addHelpText(
      "after",
      "\nThe key comes from <home>/keys/*.key, or TRAILSEAL_SEAL_KEY / TRAILSEAL_KEY_ID (CI).\n" +
        "It is never printed.\n\nExample:\n  trailseal seal --json\n  trailseal seal --publish --timeout 5s",
    )
    .action((options, command: Command) =>
      router.run(async (io) =>
        (await import("../commands/seal.js")).runSeal({ ...options, home: router.home(command) }, io),
      ),
    );
}
