import { TrailsealError } from "../../errors/index.js";
import {
  type Cosigner,
  cosignCheckpoint,
  EMPTY_ROOT,
  hashesEqual,
  type PolicyLog,
  parseCheckpoint,
  parseNote,
  verifyConsistency,
  verifyNote,
} from "../../tlog/index.js";
import { cosignRefusal, originHash, parseAddCheckpoint } from "./protocol.js";
import { type CosignStateStore, updateCosignState, type WitnessedCheckpoint } from "./state.js";

export interface CheckpointWitnessOptions {
  /** The logs this witness accepts (tlog-policy `log` lines): the key name is the origin. */
  logs: readonly PolicyLog[];
  /** One key, or several (each signs every checkpoint: e.g. Ed25519 and ML-DSA-44 side by side). */
  cosigner: Cosigner | readonly Cosigner[];
  store: CosignStateStore;
  /** POSIX seconds (the cosignature timestamp). */
  now?: () => number;
}

export interface CheckpointWitness {
  /**
   * Handles one add-checkpoint body: returns the cosignature line(s) after the new state is
   * durable, or throws a COSIGN_* refusal (the HTTP layer maps it with COSIGN_STATUS).
   */
  addCheckpoint(body: Uint8Array): Promise<string>;
  latest(origin: string): Promise<WitnessedCheckpoint | null>;
  /**
   * The monitoring API: the latest cosigned checkpoint of the log whose origin hashes to
   * `originHash`, with the log's signature(s) this witness verified and its own cosignature(s);
   * null for an unknown log or one never cosigned (404).
   */
  monitoringCheckpoint(originHash: string): Promise<string | null>;
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

/**
 * The tlog-witness add-checkpoint state machine, with no HTTP in it. The checks run in the
 * spec's order: body syntax (400), known origin (404), a signature by a known key (403), old
 * size not beyond the checkpoint (400); then, atomically with the write, old size equal to the
 * recorded size (409 with it), the empty tree's root at size 0 (422), equal sizes with equal roots
 * (422), the consistency proof (422).
 * Everything before the signature check is attacker-controlled and used only to find the key.
 */
export function createCheckpointWitness(options: CheckpointWitnessOptions): CheckpointWitness {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const { store } = options;
  const cosigners: readonly Cosigner[] = Array.isArray(options.cosigner)
    ? options.cosigner
    : [options.cosigner as Cosigner];
  const cosign = (text: string) => cosigners.map((c) => cosignCheckpoint(text, c, now())).join("");
  const originsByHash = new Map(options.logs.map((log) => [originHash(log.key.name), log.key.name]));

  return {
    latest: (origin) => store.read(origin),
    async monitoringCheckpoint(hash) {
      const origin = originsByHash.get(hash);
      if (origin === undefined) return null;
      const record = await store.read(origin);
      if (!record) return null;
      const { text, signatures } = parseNote(record.note);
      // Only the log signatures this witness trusts (and so verified before cosigning).
      const logLines = signatures
        .filter((sig) => options.logs.some((log) => log.key.name === sig.name && log.key.keyId === sig.keyId))
        .map(
          (sig) =>
            `\u2014 ${sig.name} ${Buffer.concat([Buffer.from(sig.keyId, "hex"), sig.signature]).toString("base64")}\n`,
        )
        .join("");
      // A record written before the monitoring API kept no cosignature: sign it now, which
      // states what the witness knows now (this is still the largest tree it has seen).
      return `${text}\n${logLines}${record.cosignatures ?? cosign(text)}`;
    },
    async addCheckpoint(body) {
      const request = parseAddCheckpoint(body);
      let text: string;
      try {
        text = parseNote(request.checkpoint).text;
      } catch (cause) {
        throw Object.assign(
          cosignRefusal("COSIGN_REQUEST_MALFORMED", "the checkpoint is not a signed note"),
          {
            cause,
          },
        );
      }
      const origin = text.slice(0, text.indexOf("\n"));
      const keys = options.logs.filter((log) => log.key.name === origin);
      if (keys.length === 0) throw cosignRefusal("COSIGN_UNKNOWN_LOG", `unknown log origin "${origin}"`);
      const trusted = keys.some((log) => {
        try {
          verifyNote(request.checkpoint, log.key);
          return true;
        } catch {
          return false;
        }
      });
      if (!trusted)
        throw cosignRefusal(
          "COSIGN_UNTRUSTED_CHECKPOINT",
          `no signature by a known key of "${origin}" verifies`,
        );
      let checkpoint: ReturnType<typeof parseCheckpoint>;
      try {
        checkpoint = parseCheckpoint(text);
      } catch (cause) {
        throw Object.assign(cosignRefusal("COSIGN_REQUEST_MALFORMED", "the note is not a checkpoint"), {
          cause,
        });
      }
      if (request.oldSize > checkpoint.size)
        throw cosignRefusal(
          "COSIGN_OLD_SIZE_TOO_LARGE",
          `old size ${request.oldSize} is larger than the checkpoint size ${checkpoint.size}`,
        );

      return updateCosignState(store, origin, (current) => {
        const currentSize = current?.size ?? 0;
        if (request.oldSize !== currentSize)
          throw cosignRefusal(
            "COSIGN_OLD_SIZE_MISMATCH",
            `old size ${request.oldSize} is not the witnessed size ${currentSize}`,
            { size: currentSize },
          );
        const next: WitnessedCheckpoint = {
          origin,
          size: checkpoint.size,
          root: b64(checkpoint.rootHash),
          note: request.checkpoint,
        };
        if (checkpoint.size === 0 && !hashesEqual(checkpoint.rootHash, EMPTY_ROOT))
          throw cosignRefusal(
            "COSIGN_EMPTY_TREE_INVALID",
            "a checkpoint of size 0 must carry the empty tree's root, SHA-256 of the empty string",
          );
        if (current && current.size === checkpoint.size) {
          // 422, not 409 (tlog-witness since C2SP 95978ca): a 409 always names a size to retry
          // from, and here the sizes agree; a second tree of one size is closer to a bad proof.
          if (!hashesEqual(Buffer.from(current.root, "base64"), checkpoint.rootHash))
            throw cosignRefusal(
              "COSIGN_ROOT_MISMATCH",
              `a different root at the witnessed size ${currentSize}`,
            );
          if (request.proof.length > 0)
            throw cosignRefusal("COSIGN_PROOF_INVALID", "the proof must be empty for equal sizes");
          // The same tree again: a fresh cosignature, the state kept (it changes nothing) unless
          // it predates the monitoring API and has no cosignature to serve yet.
          const lines = cosign(text);
          return current.cosignatures
            ? { result: lines }
            : { next: { ...current, cosignatures: lines }, result: lines };
        }
        if (!current || currentSize === 0) {
          if (request.proof.length > 0)
            throw cosignRefusal("COSIGN_PROOF_INVALID", "the proof must be empty from size 0");
          const lines = cosign(text);
          return { next: { ...next, cosignatures: lines }, result: lines };
        }
        try {
          verifyConsistency(
            current.size,
            checkpoint.size,
            Buffer.from(current.root, "base64"),
            checkpoint.rootHash,
            request.proof,
          );
        } catch (cause) {
          if (cause instanceof TrailsealError && cause.code === "TLOG_CONSISTENCY_INVALID")
            throw Object.assign(
              cosignRefusal(
                "COSIGN_PROOF_INVALID",
                `consistency ${current.size} → ${checkpoint.size} does not verify`,
              ),
              { cause },
            );
          throw cause;
        }
        const lines = cosign(text);
        return { next: { ...next, cosignatures: lines }, result: lines };
      });
    },
  };
}
