import { readFile, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { configError, TrailsealError } from "../../errors/index.js";
import { homePaths } from "../../home/index.js";
import { waitForStopSignal } from "../../stop-signal/index.js";
import { formatCosignerVkey, parseCosignerSkey, parseWitnessPolicy } from "../../tlog/index.js";
import type { CliIO } from "../io.js";
import { println } from "../io.js";

export interface WitnessCosignServeOptions {
  home: string;
  port: number;
  host?: string;
  /** tlog-policy file: its `log` lines are the logs this witness cosigns. */
  cosignLogs: string;
  /** One or more key files (`--cosigner-key`, repeatable). */
  cosignerKey: string | string[];
  /** Where per-log state lives (default <home>/cosign-state). */
  cosignState?: string;
  mirror?: string;
  /** Also serve the anchor witness over this store on the same port. */
  store?: string;
  token?: string[];
  push?: string;
  rateLimit?: number;
  witnessPolicy?: string;
  cosignInterval?: string;
  until?: Promise<unknown>;
}

async function readConfigFile(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (cause) {
    throw configError("COSIGN_CONFIG_UNREADABLE", `cannot read the ${what} ${path}`, { cause });
  }
}

/**
 * `trailseal witness serve --cosign-logs <policy> --cosigner-key <file>...`: a C2SP tlog-witness
 * (POST /add-checkpoint, and the monitoring API GET /<origin hash>/checkpoint) for the logs the
 * policy lists, optionally next to the anchor witness (--store) on the same port. Prints its URL
 * on stdout; stops on SIGTERM/SIGINT.
 */
export async function runWitnessCosignServe(options: WitnessCosignServeOptions, io: CliIO): Promise<number> {
  const policyPath = resolve(options.cosignLogs);
  const policy = parseWitnessPolicy(await readConfigFile(policyPath, "log list"), { requireQuorum: false });
  if (policy.logs.length === 0)
    throw configError("COSIGN_NO_LOGS", `${policyPath} lists no log`, {
      hint: "add a line: log <the log's verifier key> [<url>]",
    });
  const cosigners = [];
  for (const file of [options.cosignerKey ?? []].flat()) {
    const keyPath = resolve(file);
    cosigners.push(parseCosignerSkey(await readConfigFile(keyPath, "cosigner key")));
    if (((await stat(keyPath)).mode & 0o077) !== 0)
      io.stderr.write(`trailseal: warning: ${keyPath} is readable by others; chmod 600 it\n`);
  }
  if (cosigners.length === 0)
    throw configError("COSIGN_CONFIG_UNREADABLE", "--cosign-logs needs --cosigner-key", {
      hint: "create one with `trailseal witness keygen --cosigner <name> --out <file>`",
    });

  const { loadCosign, openWitnessStorage, createWitnessRequestListener, openCosignStateDatabase } =
    await import("../../witness/index.js");
  const cosign = await loadCosign();
  // A postgres:// state is shared by every replica of this witness; a directory is this one's.
  const databaseState = /^postgres(ql)?:\/\//i.test(options.cosignState ?? "");
  const database = databaseState ? await openCosignStateDatabase(options.cosignState!) : null;
  const stateStore =
    database ??
    cosign.openFileCosignState(resolve(options.cosignState ?? homePaths(options.home).cosignState));
  const witness = cosign.createCheckpointWitness({
    logs: policy.logs,
    cosigner: cosigners,
    store: stateStore,
  });

  let fallback: Parameters<typeof cosign.startCosignServer>[0]["fallback"];
  let closeStore = async () => {};
  if (options.store) {
    const databaseStore = /^postgres(ql)?:\/\//i.test(options.store);
    const storage = await openWitnessStorage(databaseStore ? options.store : resolve(options.store), {
      home: options.home,
      push: options.push,
      ...(options.mirror ? { mirror: resolve(options.mirror) } : {}),
    });
    const tokens = [
      ...(options.token ?? []),
      ...(io.env.TRAILSEAL_WITNESS_TOKENS ?? "")
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean),
    ];
    const app = await createWitnessRequestListener({
      storage,
      tokens,
      ...(options.rateLimit !== undefined
        ? { limits: { ratePerSecond: options.rateLimit, rateBurst: options.rateLimit * 6 } }
        : {}),
    });
    fallback = app;
    closeStore = () => storage.close();
  }
  let server: Awaited<ReturnType<typeof cosign.startCosignServer>>;
  try {
    server = await cosign.startCosignServer({
      witness,
      host: options.host ?? "127.0.0.1",
      port: options.port,
      ...(fallback ? { fallback } : {}),
      onError: (error) =>
        io.stderr.write(
          `trailseal: add-checkpoint failed: ${error instanceof TrailsealError ? `${error.code} ${error.message}` : String(error)}\n`,
        ),
    });
  } catch (error) {
    await closeStore();
    await database?.close();
    throw error;
  }
  println(io, server.url);
  const { startServeCosigning } = await import("./witness-cosign.js");
  const cosigning = await startServeCosigning(options, io);
  for (const cosigner of cosigners)
    io.stderr.write(`trailseal: witness key ${formatCosignerVkey(cosigner)}\n`);
  io.stderr.write(
    `trailseal: cosigning ${policy.logs.length} log(s) at ${server.url}/add-checkpoint, monitoring at ${server.url}/<origin hash>/checkpoint (state in ${databaseState ? "the database" : resolve(options.cosignState ?? homePaths(options.home).cosignState)})\n`,
  );
  await (options.until ?? waitForStopSignal());
  await cosigning?.stop();
  await server.close();
  await closeStore();
  await database?.close();
  io.stderr.write("trailseal: witness stopped\n");
  return 0;
}
