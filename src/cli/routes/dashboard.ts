import type { Command } from "commander";
import { parseIntOption, type Router } from "../router.js";

export function registerDashboardRoutes(program: Command, router: Router): void {
  program
    .command("dashboard")
    .description("serve the live risk dashboard (risk levels, high-risk events, seals, chain integrity)")
    .option("--port <port>", "port to listen on (0 picks a free one)", parseIntOption, 8431)
    .option("--host <host>", "address to bind; anything but loopback needs a token", "127.0.0.1")
    .option("--token <token>", "access token (default: $TRAILSEAL_DASHBOARD_TOKEN); required off loopback")
    .option("--open", "open the page in the default browser")
    .option("--json", 'print {"url", "host", "port"} as JSON once listening')
    .addHelpText(
      "after",
      "\nExamples:\n  trailseal dashboard --open\n  TRAILSEAL_DASHBOARD_TOKEN=$(openssl rand -hex 32) trailseal dashboard --host 0.0.0.0 --port 8431\n\nStops on Ctrl-C (SIGINT) or SIGTERM.",
    )
    .action((options, command: Command) =>
      router.run(async (io) =>
        (await import("../commands/dashboard.js")).runDashboard(
          { ...options, home: router.home(command) },
          io,
        ),
      ),
    );
}
