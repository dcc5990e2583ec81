import type { Command } from "commander";
import type { Router } from "../router.js";

/** The C2SP witnessing commands under `trailseal witness`: keygen, cosign, proof. */
export function registerC2spRoutes(witness: Command, router: Router): void {
  witness
    .command("keygen")
    .description(
      "create a cosigner key (Ed25519 or ML-DSA-44) for acting as a C2SP witness; prints its verifier key",
    )
    .requiredOption(
      "--cosigner <name>",
      "the witness's name, a schema-less URL (e.g. witness.example.com/w1)",
    )
    .requiredOption("--out <file>", "where to write the private key (created 0600)")
    .option("--force", "replace an existing key file")
    .option(
      "--algorithm <name>",
      "ed25519 (type 0x04, what every verifier knows) or ml-dsa-44 (type 0x06, post-quantum, what tlog-witness recommends)",
      "ed25519",
    )
    .addHelpText(
      "after",
      "\nThe printed line is what peers put in their witness policy:\n" +
        "  witness <name> <printed key> <your URL>\n\n" +
        "Example:\n  trailseal witness keygen --cosigner witness.example.com/w1 --out ~/.trailseal/cosigner.key",
    )
    .action((options) =>
      router.run(async (io) => (await import("../commands/witness-keygen.js")).runWitnessKeygen(options, io)),
    );

  witness
    .command("cosign")
    .description("ask the witnesses of a C2SP witness policy to cosign a log's checkpoint")
    .argument(
      "<log>",
      "the log: a trailseal git log (work tree or bare) or a directory with checkpoint and tiles",
    )
    .requiredOption(
      "--witness-policy <file>",
      "tlog-policy file: log, witness <name> <vkey> <url>, group, quorum",
    )
    .option("--timeout <duration>", "per-request timeout, e.g. 10s or 500ms (default 10s)")
    .option("--json", "print {origin, size, quorum_met, outcomes} as JSON")
    .addHelpText(
      "after",
      "\nNever writes the log (safe next to witness serve). Exit 0 at quorum (the cosigned checkpoint is\n" +
        "kept in the home), 3 below it with each witness's outcome.\n\n" +
        "Example:\n  trailseal witness cosign ./agent-log --witness-policy witnesses.policy",
    )
    .action((log: string, options, command: Command) =>
      router.run(async (io) =>
        (await import("../commands/witness-cosign.js")).runWitnessCosign(
          { ...options, log, home: router.home(command) },
          io,
        ),
      ),
    );

  witness
    .command("proof")
    .description("write an offline c2sp.org/tlog-proof for a seal's anchor in a log (with its cosignatures)")
    .requiredOption("--log <dir>", "the log holding the anchor (a trailseal git log, work tree or bare)")
    .option("--seal <id>", "seal to prove (seal-3 or 3; default: the latest)")
    .option("--log-key <vkey>", "the log's verifier key (default: its trailseal-log.json)")
    .option("--output <file>", "write the proof here (default: stdout); .tlog-proof is the usual extension")
    .addHelpText(
      "after",
      "\nUses the latest checkpoint `witness cosign` kept for the log, else the log's own.\n\n" +
        "Example:\n  trailseal witness proof --seal latest --log ./agent-log --output seal.tlog-proof",
    )
    .action((options, command: Command) =>
      router.run(async (io) =>
        (await import("../commands/witness-proof.js")).runWitnessProof(
          { ...options, home: router.home(command) },
          io,
        ),
      ),
    );
}
