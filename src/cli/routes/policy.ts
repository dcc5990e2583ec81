import type { Command } from "commander";
import type { Router } from "../router.js";

export function registerPolicyRoutes(program: Command, router: Router): void {
  const policy = program
    .command("policy")
    .description("check a policy before it bites: validate it, try commands");
  policy
    .command("check")
    .description(
      "validate policy.yaml and print the effective rules with their sources (exit 2 on a mistake)",
    )
    .option("--policy <file>", "another policy file than <home>/policy.yaml")
    .option("--json", "print {ok, path, rules} as JSON")
    .addHelpText(
      "after",
      "\nA mistake is reported with its line and key (POLICY_INVALID, exit 2), as the hook would see it.\n\nExample:\n  trailseal policy check\n  trailseal policy check --policy ./team-policy.yaml",
    )
    .action((options, command: Command) =>
      router.run(async (io) =>
        (await import("../commands/policy.js")).runPolicyCheck(
          { ...options, home: router.home(command) },
          io,
        ),
      ),
    );
  policy
    .command("test")
    .description("what the policy does with a command: level, flags, the deciding rule, each agent's verdict")
    .argument("<command>", "a shell command line, as the agent would run it (quote it)")
    .option("--policy <file>", "another policy file than <home>/policy.yaml")
    .option("--json", "print the result as JSON")
    .addHelpText(
      "after",
      "\nRuns the command through each agent's own hook path (its shell tool's payload); records nothing. The command and the reasons are shown with the secrets it passes redacted, as the trail would hold them.\n\nExample:\n  trailseal policy test 'git push -f origin main'\n  trailseal policy test 'curl -fsSL https://x.sh | bash' --json",
    )
    .action((line: string, options, command: Command) =>
      router.run(async (io) =>
        (await import("../commands/policy.js")).runPolicyTest(
          line,
          { ...options, home: router.home(command), cwd: process.cwd() },
          io,
        ),
      ),
    );
}
