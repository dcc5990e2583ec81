/**
 * Direct publishing to a git transparency log (docs/log-format.md):
 * the client itself clones the log (shallow), appends the anchor as a signed commit with the
 * log key from this home, and pushes; a non-fast-forward (another publisher won the race) is
 * answered by cloning again and re-appending. `fetchAnchor` verifies by cloning: the entry,
 * the signature of its commit and of every later one, and its inclusion under the signed
 * checkpoint. Exposed as a WitnessClient, so git and HTTP witnesses count toward one quorum.
 */
import { randomInt } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TrailsealError } from "../../errors/index.js";
import { homePaths } from "../../home/index.js";
import { checkLogPin } from "../../tlog/index.js";
import type { AnchorReceipt, AnchorRequest, StoredAnchor, WitnessClient } from "../protocol/index.js";
import { loadLogKey } from "./keys.js";
import { LogState } from "./log.js";
import { normalizeGitUrl, openRemote } from "./remote.js";
import { type OnCheckpoint, verifyAnchorInClone, verifyLatestInClone } from "./verify.js";

export interface GitWitnessOptions {
  url: string;
  name: string;
  authToken?: string;
  home: string;
  now?: () => Date;
  /** Attempts on a non-fast-forward before giving up (default 12). */
  maxAttempts?: number;
}

async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), "trailseal-gitlog-"));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function aborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw new TrailsealError("WITNESS_ABORTED", "publishing to the git log was aborted");
}

/** Appends one anchor to the log at `url` and pushes it; idempotent for a request already there. */
export async function publishToGitLog(
  options: GitWitnessOptions,
  request: AnchorRequest,
  signal?: AbortSignal,
): Promise<StoredAnchor & { commit: string }> {
  const remote = openRemote(options.url, { authToken: options.authToken });
  const now = options.now ?? (() => new Date());
  const maxAttempts = options.maxAttempts ?? 12;
  for (let attempt = 1; ; attempt++) {
    aborted(signal);
    const result = await withTempDir(async (dir) => {
      const gitdir = await remote.clone(join(dir, "log"), 1, signal);
      const state = await LogState.open(gitdir);
      const existing = state.find(request);
      if (existing) return { ...existing, commit: state.head! };
      const key = await loadLogKey(options.home, state.publicKey);
      const staged = await state.stage([request], now(), key);
      await state.publish();
      try {
        await remote.push(gitdir, staged.commit, signal);
      } catch (error) {
        if ((error as TrailsealError).code === "GITLOG_PUSH_REJECTED") return null;
        throw error;
      }
      return { ...staged.anchors[0]!, commit: staged.commit };
    });
    if (result) return result;
    if (attempt >= maxAttempts) {
      throw new TrailsealError(
        "WITNESS_FAILED",
        `the git log kept moving: gave up after ${attempt} attempts`,
        {
          hint: "many publishers at once; the relay retries later",
        },
      );
    }
    // Jittered backoff so racing publishers spread out.
    await new Promise((resolve) => setTimeout(resolve, randomInt(5, 20 + 30 * attempt)));
  }
}

export function createGitWitness(options: GitWitnessOptions): WitnessClient {
  const url = normalizeGitUrl(options.url);
  // The head checkpoint (signed by trailseal-log.json's verifier_key, checked in the clone)
  // against this home's pin for the log: the clone's tiles prove a grown log consistent.
  const pinsDir = homePaths(options.home).pins;
  const onCheckpoint: OnCheckpoint = async (checkpoint, note, read, key) =>
    (await checkLogPin({ pinsDir, note, checkpoint, key, read })).status;
  return {
    name: options.name,
    url: options.url,
    kind: "git",
    async publish(request, { signal }): Promise<AnchorReceipt> {
      const anchor = await publishToGitLog(options, request, signal);
      return { anchor_id: anchor.anchor_id, witnessed_at: anchor.witnessed_at, commit: anchor.commit };
    },
    async fetchAnchor(anchorId, { signal }) {
      const remote = openRemote(url, { authToken: options.authToken });
      return withTempDir((dir) =>
        verifyAnchorInClone(remote, join(dir, "log"), anchorId, signal, onCheckpoint),
      );
    },
    async fetchLatest(keyId, { signal }) {
      const remote = openRemote(url, { authToken: options.authToken });
      return withTempDir((dir) => verifyLatestInClone(remote, join(dir, "log"), keyId, signal, onCheckpoint));
    },
  };
}
