import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  appendCosignatures,
  cosignCheckpoint,
  cosignerFromSeed,
  formatCosignerVkey,
  formatTlogProof,
  inclusionProofOf,
  leafHash,
  parseTlogProof,
  parseWitnessPolicy,
  verifyTlogProof,
} from "../../src/tlog/index.js";
import { seed, ToyLog } from "../witness/cosign/fixtures.js";
import { codeOf, subtreeOf } from "./helpers.js";

const log = ToyLog.create("example.com/fancylog", 5).grow(37);
const w1 = cosignerFromSeed("witness1.example", seed(31));
const w2 = cosignerFromSeed("witness2.example", seed(32));
const cosigned = appendCosignatures(log.checkpoint(), [cosignCheckpoint(log.text(), w1, 1_700_000_000)]);
const proofOf = (index: number) => inclusionProofOf(index, 37, subtreeOf(log.leaves));

describe("C2SP tlog-proof", () => {
  it("formats the spec's layout and parses it back byte for byte", () => {
    const text = formatTlogProof({
      index: 11,
      proof: proofOf(11),
      checkpoint: cosigned,
      extra: Buffer.from("ctx"),
    });
    const lines = text.split("\n");
    expect(lines[0]).toBe("c2sp.org/tlog-proof@v1");
    expect(lines[1]).toBe(`extra ${Buffer.from("ctx").toString("base64")}`);
    expect(lines[2]).toBe("index 11");
    expect(text.endsWith(`\n\n${cosigned}`)).toBe(true);
    expect(formatTlogProof(parseTlogProof(text))).toBe(text);
  });

  it("verifies against the log key, and against a policy with its quorum", () => {
    const proof = parseTlogProof(formatTlogProof({ index: 11, proof: proofOf(11), checkpoint: cosigned }));
    expect(verifyTlogProof(proof, log.leaves[11]!, { logKey: log.vkey }).checkpoint.size).toBe(37);
    const policy = (quorum: string) =>
      parseWitnessPolicy(
        `witness w1 ${formatCosignerVkey(w1)}\nwitness w2 ${formatCosignerVkey(w2)}\ngroup both all w1 w2\nquorum ${quorum}\n`,
      );
    expect(
      verifyTlogProof(proof, log.leaves[11]!, { logKey: log.vkey, policy: policy("w1") }).cosigned?.quorumMet,
    ).toBe(true);
    const below = verifyTlogProof(proof, log.leaves[11]!, { logKey: log.vkey, policy: policy("both") })
      .cosigned!;
    expect(below.quorumMet).toBe(false);
    expect(below.witnesses.map((w) => [w.name, w.status])).toEqual([
      ["w1", "valid"],
      ["w2", "absent"],
    ]);
  });

  it("counts ML-DSA-44 cosignatures toward a nested quorum beside Ed25519 ones, and refuses a forged one", () => {
    const pq = cosignerFromSeed("pq.witness.example", seed(33), "ml-dsa-44");
    const note = appendCosignatures(cosigned, [cosignCheckpoint(log.text(), pq, 1_700_000_001)]);
    const proof = parseTlogProof(formatTlogProof({ index: 11, proof: proofOf(11), checkpoint: note }));
    const policy = parseWitnessPolicy(
      `log ${log.vkey}\nwitness w1 ${formatCosignerVkey(w1)}\nwitness w2 ${formatCosignerVkey(w2)}\n` +
        `witness pq ${formatCosignerVkey(pq)}\ngroup classic any w1 w2\ngroup pq-group all pq\n` +
        "group both all classic pq-group\nquorum both\n",
    );
    const result = verifyTlogProof(proof, log.leaves[11]!, { policy }).cosigned!;
    expect(result.quorumMet).toBe(true);
    expect(result.witnesses.map((w) => [w.name, w.status])).toEqual([
      ["w1", "valid"],
      ["w2", "absent"],
      ["pq", "valid"],
    ]);
    // The ML-DSA line moved to another checkpoint of the same log does not verify there.
    const other = ToyLog.create("example.com/fancylog", 5).grow(38);
    const moved = appendCosignatures(other.checkpoint(), [cosignCheckpoint(log.text(), pq, 1_700_000_001)]);
    const forged = parseTlogProof(
      formatTlogProof({
        index: 11,
        proof: inclusionProofOf(11, 38, subtreeOf(other.leaves)),
        checkpoint: moved,
      }),
    );
    const refused = verifyTlogProof(forged, other.leaves[11]!, { policy }).cosigned!;
    expect(refused.quorumMet).toBe(false);
    expect(refused.witnesses.find((w) => w.name === "pq")?.status).toBe("invalid");
  });

  it("rejects another leaf, a changed proof hash or index, and another log's key", () => {
    const proof = parseTlogProof(formatTlogProof({ index: 11, proof: proofOf(11), checkpoint: cosigned }));
    expect(codeOf(() => verifyTlogProof(proof, log.leaves[12]!, { logKey: log.vkey }))).toBe(
      "TLOG_INCLUSION_INVALID",
    );
    expect(
      codeOf(() => verifyTlogProof({ ...proof, index: 12 }, log.leaves[11]!, { logKey: log.vkey })),
    ).toBe("TLOG_INCLUSION_INVALID");
    const changed = {
      ...proof,
      proof: proof.proof.map((h, i) => (i === 2 ? leafHash(Buffer.from("x")) : h)),
    };
    expect(codeOf(() => verifyTlogProof(changed, log.leaves[11]!, { logKey: log.vkey }))).toBe(
      "TLOG_INCLUSION_INVALID",
    );
    expect(
      codeOf(() =>
        verifyTlogProof(proof, log.leaves[11]!, { logKey: ToyLog.create("example.com/fancylog", 6).vkey }),
      ),
    ).toBe("TLOG_NOTE_UNVERIFIED");
  });

  it("parse-then-format round-trips, and garbage never escapes uncoded (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 36 }),
        fc.option(fc.uint8Array({ maxLength: 40 }), { nil: undefined }),
        (index, extra) => {
          const text = formatTlogProof({
            index,
            proof: proofOf(index),
            checkpoint: cosigned,
            ...(extra ? { extra } : {}),
          });
          expect(formatTlogProof(parseTlogProof(text))).toBe(text);
          expect(
            verifyTlogProof(parseTlogProof(text), log.leaves[index]!, { logKey: log.vkey }).checkpoint.size,
          ).toBe(37);
        },
      ),
      { numRuns: 40 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (tail) => {
        expect(["no error", "TLOG_PROOF_MALFORMED"]).toContain(
          codeOf(() => parseTlogProof(`c2sp.org/tlog-proof@v1\n${tail}`)),
        );
      }),
      { numRuns: 300 },
    );
  });
});
