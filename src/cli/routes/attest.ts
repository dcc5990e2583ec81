import type { Command } from "commander";
import type { Router } from "../router.js";

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function registerAttestRoutes(program: Command, router: Router): void {
  const attest = program
    .command("attest")
    .description("attest commits: an in-toto statement per commit of how it came to be, signed (DSSE)")
    .argument("<range>", "a revision range: main..HEAD, HEAD~3..HEAD, or one commit (and its ancestors)")
    .option("--repo <dir>", "the repository (default: the current folder)")
    .option("--dir <dir>", "write <dir>/<commit>.dsse.json instead of git notes (refs/notes/trailseal)")
    .option("--push <remote>", "push refs/notes/trailseal to this remote after attesting (merging its notes)")
    .option("--json", "print the outcome per commit as JSON")
    .addHelpText(
      "after",
      "\nCommits the trail never saw made, or whose event no seal covers yet, are listed and not attested\n" +
        "(exit 1). Seal and publish first: trailseal seal && trailseal witness publish … && trailseal witness proof …\n\n" +
        // "$ " keeps the examples apart from the "Commands:" list above (scripts/cli-reference.mjs reads it).
        "Examples:\n  $ trailseal attest origin/main..HEAD --push origin\n  $ trailseal attest verify origin/main..HEAD --fetch origin --key attest.pub\n  $ trailseal attest key > attest.pub",
    )
    .action((range: string, options, command: Command) =>
      router.run(async (io) =>
        (await import("../commands/attest.js")).runAttest(
          range,
          { ...options, home: router.home(command) },
          io,
        ),
      ),
    );

  attest
    .command("verify")
    .description("verify the attestations of a revision range's commits, offline (docs/attestation.md)")
    .argument("<range>", "a revision range: main..HEAD, HEAD~3..HEAD, or one commit")
    .option("--repo <dir>", "the repository (default: the current folder)")
    .option("--dir <dir>", "read <dir>/<commit>.dsse.json instead of git notes")
    .option("--fetch <remote>", "fetch the remote's refs/notes/trailseal first and verify those")
    .option(
      "--key <file>",
      "an attestation public key (PEM) to trust; repeatable (default: this home's)",
      collect,
    )
    .option("--log-key <vkey>", "a git log's verifier key to pin the tlog-proofs to; repeatable", collect)
    .option(
      "--witness-policy <file>",
      "require the proofs' checkpoints cosigned to this tlog-policy's quorum",
    )
    .option(
      "--ask-witness <url>",
      "ask this witness (HTTP or git log) for its newest seal of each attested seal's key: fails a cut; repeatable",
      collect,
    )
    .option("--require-attestation", "fail when a commit has no attestation (default: listed, exit 0)")
    .option("--require-witness", "fail when a seal has no tlog-proof that verifies offline")
    .option("--json", "print every commit's result as JSON")
    .addHelpText(
      "after",
      "\nExit 0 when every attestation verifies (unattested commits are listed as such, never as verified),\n" +
        "1 when one fails (the error code names the first problem), 2 on bad input.",
    )
    .action((range: string, options, command: Command) =>
      router.run(async (io) =>
        (await import("../commands/attest.js")).runAttestVerify(
          range,
          // Options `attest` also has (--repo, --dir, --json) are parsed onto it wherever they stand.
          { ...command.parent?.opts(), ...options, home: router.home(command) },
          io,
        ),
      ),
    );

  attest
    .command("key")
    .description("print the attestation public key (PEM; made, 0600, when the home has none)")
    .option("--json", 'print {"key_id", "public_key"}')
    .action((options, command: Command) =>
      router.run(async (io) =>
        (await import("../commands/attest.js")).runAttestKey(
          { ...command.parent?.opts(), ...options, home: router.home(command) },
          io,
        ),
      ),
    );
}
