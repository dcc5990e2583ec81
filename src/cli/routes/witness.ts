import { type Command, InvalidArgumentError } from "commander";
import { parseIntOption, type Router } from "../router.js";
import { registerGitlogRoutes } from "./gitlog.js";
import { registerC2spRoutes } from "./witness-c2sp.js";

const collect = (value: string, previous: string[] = []) => [...previous, value];

function positiveInt(value: string): number {
  const n = parseIntOption(value);
  if (n < 1) throw new InvalidArgumentError(`"${value}" must be at least 1`);
  return n;
}

export function registerWitnessRoutes(program: Command, router: Router): void {
  const witness = program
    .command("witness")
    .description("publish seals to witnesses, verify them, or run a witness server");

  witness
    .command("publish")
    .description("publish a seal to witnesses in parallel; succeed when a quorum confirms")
    .option("--witness-url <url>", "witness base URL or full anchor URL (repeatable)", collect)
    .option(
      "--quorum <n>",
      "confirmations required (default: relay-config witness.quorum, or 1)",
      positiveInt,
    )
    .option("--seal <id>", "seal to publish (seal-3 or 3; default: the latest)")
    .option("--timeout <duration>", "per-witness, per-attempt timeout, e.g. 10s or 500ms (default 10s)")
    .option("--retries <n>", "retries per witness after a retryable failure (default 2)", parseIntOption)
    .option("--json", "print {seal_id, quorum, confirmations, met, outcomes} as JSON")
    .addHelpText(
      "after",
      "\nWithout --witness-url the witnesses and quorum come from relay-config.json (auth_token is sent\n" +
        "as a Bearer header). Exit 0 at quorum, 3 below it (the seal and its receipts are kept).\n\n" +
        "Example:\n  trailseal witness publish --witness-url https://w1.example --witness-url https://w2.example --quorum 2",
    )
    .action((options, command: Command) =>
      router.run(async (io) =>
        (await import("../commands/witness-publish.js")).runWitnessPublish(
          { ...options, home: router.home(command) },
          io,
        ),
      ),
    );

  witness
    .command("verify")
    .description("ask every witness for its stored anchor and check it against the local seal")
    .option("--quorum <n>", "matching witnesses required (default: relay-config witness.quorum)", positiveInt)
    .option("--seal <id>", "seal to verify (default: the latest)")
    .option("--timeout <duration>", "per-witness timeout (default 10s)")
    .option(
      "--witness-url <url>",
      "ask this witness for the newest seal it holds (repeatable; default: relay-config.json's)",
      collect,
    )
    .option("--json", "print the per-witness results as JSON")
    .option(
      "--tiles <raw-base-url>",
      "verify one anchor from a tiled log's checkpoint and tiles over HTTP, no clone",
    )
    .option("--anchor <id>", "with --tiles: the anchor to verify (default: the seal's receipts)")
    .option(
      "--key <verifier-key>",
      "with --tiles: the log's C2SP verifier key (default: its trailseal-log.json)",
    )
    .option(
      "--index <n>",
      "with --tiles: the entry's log index, if the receipt does not carry it",
      parseIntOption,
    )
    .option(
      "--proof <file>",
      "verify an offline c2sp.org/tlog-proof (from witness proof) against the local seal",
    )
    .option("--log-key <vkey>", "with --proof: the log's C2SP verifier key")
    .option(
      "--witness-policy <file>",
      "also require the policy's quorum of cosignatures on a checkpoint holding the seal's log entry",
    )
    .addHelpText(
      "after",
      "\nEvery configured witness is also asked for the newest seal it holds for the key id: one the\n" +
        "trail does not reach (cut or rewritten) fails with WITNESS_CUT_DETECTED (exit 1).\n" +
        "Exit 0 when a quorum of witnesses hold exactly the local seal, 1 when any witness holds\n" +
        "different data or a cut is found, 3 below quorum.\n\nExamples:\n  trailseal witness verify --quorum 2\n" +
        "  trailseal witness verify --tiles https://raw.githubusercontent.com/acme/log/main --seal 3",
    )
    .action((options, command: Command) =>
      router.run(async (io) =>
        options.proof
          ? (await import("../commands/witness-proof.js")).runWitnessVerifyProof(
              { ...options, home: router.home(command) },
              io,
            )
          : options.tiles
            ? (await import("../commands/witness-verify-tiles.js")).runWitnessVerifyTiles(
                { ...options, home: router.home(command) },
                io,
              )
            : (await import("../commands/witness-verify.js")).runWitnessVerify(
                { ...options, home: router.home(command) },
                io,
              ),
      ),
    );

  witness
    .command("serve")
    .description("run the reference witness server over a store directory")
    .requiredOption("--port <port>", "TCP port (0 picks a free one; the URL is printed)", parseIntOption)
    .option(
      "--store <dir|url>",
      "anchor store: a directory (JSONL file), a git transparency log, or postgres://… (replicas share it)",
    )
    .option(
      "--mirror <dir>",
      "with a postgres:// store: the git log (from `witness init`) that names the log and is its public copy",
    )
    .option("--migrate", "with a postgres:// store: apply the database's pending migrations and exit")
    .option(
      "--cosign-logs <policy>",
      "also act as a C2SP witness (POST /add-checkpoint, GET /<origin hash>/checkpoint) for the logs in this tlog-policy file",
    )
    .option(
      "--cosigner-key <file>",
      "with --cosign-logs: the cosigner key from `witness keygen` (repeatable: each key cosigns, e.g. Ed25519 and ML-DSA-44)",
      collect,
    )
    .option(
      "--cosign-state <dir|url>",
      "with --cosign-logs: per-log witness state, a directory (default <home>/cosign-state) or postgres://… shared by replicas",
    )
    .option(
      "--witness-policy <file>",
      "with a git log --store: get its checkpoints cosigned by this tlog-policy's witnesses",
    )
    .option(
      "--cosign-interval <duration>",
      "with --witness-policy: how often to check for a new checkpoint, e.g. 30s, 5m (default 60s)",
    )
    .option(
      "--token <token>",
      "bearer token required for POST (repeatable; or TRAILSEAL_WITNESS_TOKENS)",
      collect,
    )
    .option("--host <host>", "address to bind", "127.0.0.1")
    .option("--push <remote>", "git log or --mirror: remote to push the log to after each commit")
    .option(
      "--rate-limit <n>",
      "requests per second per client, burst 6x (0 disables; default 100)",
      parseIntOption,
    )
    .addHelpText(
      "after",
      "\nPrints its URL on stdout; stops gracefully on SIGTERM or SIGINT.\n\n" +
        'Example:\n  trailseal witness serve --port 8080 --store ./witness-data --token "$TOKEN"',
    )
    .action((options, command: Command) =>
      router.run(async (io) =>
        options.cosignLogs
          ? (await import("../commands/witness-cosign-serve.js")).runWitnessCosignServe(
              { ...options, home: router.home(command) },
              io,
            )
          : (await import("../commands/witness-serve.js")).runWitnessServe(
              { ...options, home: router.home(command) },
              io,
            ),
      ),
    );

  registerGitlogRoutes(witness, router);
  registerC2spRoutes(witness, router);
}
