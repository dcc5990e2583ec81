import type { WitnessPolicy } from "../../../tlog/index.js";
import type { CosignFetch as FetchLike } from "../../cosign/index.js";
import { type CosignLogResult, cosignLog } from "./cosign-log.js";
import { pushCosignedCommit } from "./log-commit.js";

export interface CosignCadenceOptions {
  /** The served git log. */
  dir: string;
  policy: WitnessPolicy;
  cosignedDir: string;
  /** The home holding the log key: cosigned checkpoints are then committed into the log. */
  home?: string;
  /** The log's mirror remote (`witness serve --push`): a committed cosigned checkpoint is pushed. */
  push?: string;
  /** Default 60 s. */
  intervalMs?: number;
  timeoutMs?: number;
  fetch?: FetchLike;
  onResult?: (result: CosignLogResult) => void;
  onError?: (error: unknown) => void;
}

export interface CosignCadence {
  /** Runs one round now (waits for a running one first); resolves when it is done. */
  runOnce(): Promise<void>;
  /** Stops the timer and waits for a running round. */
  stop(): Promise<void>;
}

/**
 * `witness serve --store <log> --witness-policy <file>`: every interval, if the log's checkpoint
 * changed since the last round that met the quorum, asks the witnesses to cosign it. Runs beside
 * the server, never in a request: it only reads the log (one commit, through git), so anchors
 * are never held up, and one round at a time (a slow witness delays the next round, not a POST).
 */
export function startCosignCadence(options: CosignCadenceOptions): CosignCadence {
  let running: Promise<void> | null = null;
  let stopped = false;
  const round = async () => {
    try {
      const result = await cosignLog({
        dir: options.dir,
        policy: options.policy,
        cosignedDir: options.cosignedDir,
        ...(options.home ? { home: options.home } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
        // One add-checkpoint per witness per round, whatever it answers: a log on a cadence of
        // T sends each witness at most 86,400 s / T a day, the rate (qpd) it declared.
        maxAttempts: 1,
      });
      if (!result.alreadyCosigned) options.onResult?.(result);
      if (options.push && result.published?.status === "committed")
        await pushCosignedCommit(options.dir, options.push, result.published.commit);
    } catch (error) {
      options.onError?.(error);
    }
  };
  const runOnce = async () => {
    while (running) await running;
    running = round().finally(() => {
      running = null;
    });
    await running;
  };
  const timer = setInterval(() => {
    if (!running && !stopped) void runOnce();
  }, options.intervalMs ?? 60_000);
  timer.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
    },
  };
}
