import type { Command } from "commander";
import type { Router } from "../router.js";

/** The C2SP witnessing commands under `trailseal witness`: keygen, cosign, proof. */
export function registerC2spRoutes(witness: Command, router: Router): void {
  witness
    .command("keygen")
    .description("create an Ed25519 cosigner key for acting as a C2SP witness; prints its verifier key")
    .requiredOption(
      "--cosigner <name>",
      "the witness's name, a schema-less URL (e.g. witness.example.com/w1)",
    )
    .requiredOption("--out <file>", "where to write the private key (created 0600)")
    .option("--force", "replace an existing key file")
    .addHelpText(
      "after",
      "\nThe printed line is what peers put in their witness policy:\n" +
        "  witness <name> <printed key> <your URL>\n\n" +
        "Example:\n  trailseal witness keygen --cosigner witness.example.com/w1 --out ~/.trailseal/cosigner.key",
    )
    .action((options) =>
      router.run(async (io) => (await import("../commands/witness-keygen.js")).runWitnessKeygen(options, io)),
    );
}
