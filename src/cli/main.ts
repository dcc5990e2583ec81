/**
 * The trailseal command line: a thin router. Each command is a plain function in
 * `commands/`, imported lazily so that the hot path (the agent hook) loads only what it uses.
 * This file holds the one catch that maps errors to messages and exit codes (docs/cli.md).
 */
import { Command, CommanderError } from "commander";
import packageJson from "../../package.json" with { type: "json" };
import { escapeControl } from "../terminal/index.js";
import { type CliIO, processIO } from "./io.js";
import { reportError } from "./report-error.js";
import { createRouter } from "./router.js";
import { registerAttestRoutes } from "./routes/attest.js";
import { registerDashboardRoutes } from "./routes/dashboard.js";
import { registerExportRoutes } from "./routes/export.js";
import { registerPolicyRoutes } from "./routes/policy.js";
import { registerRelayRoutes } from "./routes/relay.js";
import { registerReportRoutes } from "./routes/report.js";
import { registerRiskRoutes } from "./routes/risk.js";
import { registerSealRoutes } from "./routes/seal.js";
import { registerTrailRoutes } from "./routes/trail.js";
import { registerWitnessRoutes } from "./routes/witness.js";

/** The package's own version (bundled into dist/ at build time, so `--version` matches what npm installed). */
export const VERSION: string = packageJson.version;

export { reportError };

export function buildProgram(io: CliIO): Command {
  const router = createRouter(io, (error) => reportError(io, error));
  const program = new Command("trailseal")
    .description("tamper-evident, witnessed audit trails for what AI agents do")
    .version(VERSION)
    .option("--home <dir>", "trailseal home (default: $TRAILSEAL_HOME or ~/.trailseal)")
    .option(
      "-q, --quiet",
      "no human output on stdout, no notes or progress on stderr: the exit code says it (--json output and errors stay)",
    )
    .showHelpAfterError("(run with --help for usage)")
    .hook("preAction", (_program, action) => {
      io.quiet = action.optsWithGlobals().quiet === true;
    })
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      // Commander quotes the argument it refuses: escaped, line by line (its own lines stay).
      outputError: (text, write) =>
        write(`trailseal: ${text.replace(/\n$/, "").split("\n").map(escapeControl).join("\n")}\n`),
    });
  registerTrailRoutes(program, router);
  registerSealRoutes(program, router);
  registerWitnessRoutes(program, router);
  registerRelayRoutes(program, router);
  registerReportRoutes(program, router);
  registerDashboardRoutes(program, router);
  registerRiskRoutes(program, router);
  registerPolicyRoutes(program, router);
  registerExportRoutes(program, router);
  registerAttestRoutes(program, router);
  return program;
}

export async function main(argv: string[], io: CliIO = processIO()): Promise<void> {
  const program = buildProgram(io);
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? 0 : 2;
      return;
    }
    process.exitCode = reportError(io, error);
  }
}
