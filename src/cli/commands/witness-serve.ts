import { resolve } from "node:path";
import { configError } from "../../errors/index.js";
import { waitForStopSignal } from "../../stop-signal/index.js";
import type { CliIO } from "../io.js";
import { println } from "../io.js";

export interface WitnessServeOptions {
  home: string;
  port: number;
  store: string;
  token?: string[];
  host?: string;
  push?: string;
  mirror?: string;
  migrate?: boolean;
  rateLimit?: number;
  witnessPolicy?: string;
  cosignInterval?: string;
  /** Resolves when the server should stop (tests); default: SIGTERM or SIGINT. */
  until?: Promise<unknown>;
}

/**
 * `trailseal witness serve`: the reference witness. Prints its URL on stdout (one line, so
 * scripts can read it), serves until SIGTERM/SIGINT, then finishes in-flight requests and
 * closes the store. Tokens come from --token or TRAILSEAL_WITNESS_TOKENS (comma-separated,
 * which keeps them out of the process list).
 */
export async function runWitnessServe(options: WitnessServeOptions, io: CliIO): Promise<number> {
  if (!options.store)
    throw configError(
      "WITNESS_STORE_REQUIRED",
      "witness serve needs --store <dir> (or --cosign-logs <policy>)",
    );
  const isDatabase = /^postgres(ql)?:\/\//i.test(options.store);
  if (options.migrate) {
    if (!isDatabase) throw configError("WITNESS_STORE_REQUIRED", "--migrate needs a postgres:// --store");
    const { migrateWitnessDatabase } = await import("../../witness/index.js");
    const applied = await migrateWitnessDatabase(options.store);
    println(
      io,
      applied.length === 0 ? "database schema up to date" : `applied migrations ${applied.join(", ")}`,
    );
    return 0;
  }
  if (isDatabase && options.witnessPolicy)
    throw configError(
      "COSIGN_STORE_REQUIRED",
      "--witness-policy needs a git log as --store; a postgres:// log is cosigned through its mirror",
      { hint: "run `trailseal witness cosign <mirror> --witness-policy <file>` as one scheduled job" },
    );
  const { openWitnessStorage, serverTokens, startWitnessServer } = await import("../../witness/index.js");
  const tokens = serverTokens(options.token, io.env.TRAILSEAL_WITNESS_TOKENS);
  const storage = await openWitnessStorage(isDatabase ? options.store : resolve(options.store), {
    home: options.home,
    push: options.push,
    ...(options.mirror ? { mirror: resolve(options.mirror) } : {}),
  });
  let server: Awaited<ReturnType<typeof startWitnessServer>>;
  try {
    server = await startWitnessServer({
      storage,
      host: options.host ?? "127.0.0.1",
      port: options.port,
      tokens,
      ...(options.rateLimit !== undefined
        ? { limits: { ratePerSecond: options.rateLimit, rateBurst: options.rateLimit * 6 } }
        : {}),
    });
  } catch (error) {
    await storage.close();
    throw error;
  }
  // Listen for SIGTERM/SIGINT before printing the URL: a caller may stop the server as soon as
  // it reads the URL, before the slower start-up steps below are done.
  const stopped = options.until ?? waitForStopSignal();
  println(io, server.url);
  const cosigning = await (await import("./witness-cosign.js")).startServeCosigning(options, io);
  io.stderr.write(
    `trailseal: witness serving ${isDatabase ? redactDatabaseUrl(options.store) : resolve(options.store)} at ${server.url}` +
      (tokens.length > 0
        ? ` (POST requires one of ${tokens.length} token(s))`
        : " (POST is open: no --token)") +
      "\n",
  );
  await stopped;
  await cosigning?.stop();
  await server.close();
  io.stderr.write("trailseal: witness stopped\n");
  return 0;
}

/** A database URL without its password, for the start-up line. */
function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "the database";
  }
}
