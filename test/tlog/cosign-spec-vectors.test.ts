import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  checkCosignatures,
  cosignerFromSeed,
  formatCosignerVkey,
  formatTlogProof,
  noteSignerFromSeed,
  parseCosignerVkey,
  parseNote,
  parseSignatureLines,
  parseTlogProof,
  signNote,
} from "../../src/tlog/index.js";
import { formatAddCheckpoint, parseAddCheckpoint } from "../../src/witness/cosign/index.js";

/** The examples of c2sp.org/tlog-witness and c2sp.org/tlog-proof (origin in the vector file). */
const vectors = JSON.parse(readFileSync(new URL("../vectors/tlog-witness.json", import.meta.url), "utf8"));
const seed = (n: number) => new Uint8Array(32).fill(n);

describe("C2SP tlog-witness and tlog-proof examples", () => {
  it("parses the spec's add-checkpoint request body and formats it back byte for byte", () => {
    const request = parseAddCheckpoint(Buffer.from(vectors.add_checkpoint_request, "utf8"));
    expect(request.oldSize).toBe(20852014);
    expect(request.proof.map((h) => Buffer.from(h).toString("base64"))).toEqual([
      "PlRNCrwHpqhGrupue0L7gxbjbMiKA9temvuZZDDpkaw=",
      "jrJZDmY8Y7SyJE0MWLpLozkIVMSMZcD5kvuKxPC3swk=",
      "5+pKlUdi2LeF/BcMHBn+Ku6yhPGNCswZZD1X/6QgPd8=",
      "/6WVhPs2CwSsb5rYBH5cjHV/wSmA79abXAwhXw3Kj/0=",
    ]);
    const note = parseNote(request.checkpoint);
    expect(note.text).toBe(
      "example.com/behind-the-sofa\n20852163\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n",
    );
    // "The submitted checkpoint MAY include multiple signatures."
    expect(note.signatures.map((s) => s.name)).toEqual([
      "example.com/behind-the-sofa",
      "example.com/behind-the-sofa",
    ]);
    expect(formatAddCheckpoint(request)).toBe(vectors.add_checkpoint_request);
  });

  it("reads the spec's response body as cosignature lines, and ignores those of unknown keys", () => {
    const lines = parseSignatureLines(vectors.add_checkpoint_response);
    expect(lines.map((l) => [l.name, l.signature.length])).toEqual([
      ["witness.example/w1", 72],
      ["witness.example/w1", 72],
      ["witness.example/w2", 72],
    ]);
    // "The client MUST ignore any cosignatures from unknown keys": a key of the same name with
    // another key ID finds no line of its own.
    const text = parseNote(parseAddCheckpoint(Buffer.from(vectors.add_checkpoint_request)).checkpoint).text;
    const unknown = parseCosignerVkey(formatCosignerVkey(cosignerFromSeed("witness.example/w1", seed(7))));
    expect(checkCosignatures(text, lines, [unknown]).map((c) => c.status)).toEqual(["absent"]);
  });

  it("lays out the spec's tlog-proof example exactly (extra, index, proof, blank line, checkpoint)", () => {
    // The spec elides its signature lines; the same checkpoint text signed with a key of ours.
    const signer = noteSignerFromSeed("example.com/fancylog", seed(8));
    const checkpoint = signNote(vectors.tlog_proof_checkpoint_text, signer);
    const text = `${vectors.tlog_proof_head}${checkpoint}`;
    const proof = parseTlogProof(text);
    expect(proof.index).toBe(73894);
    expect(Buffer.from(proof.extra!).toString("base64")).toBe(
      "YWdlLXYxLjIuMS1kYXJ3aW4tYXJtNjQudGFyLmd6kYXJ3aW4tYXJ",
    );
    expect(proof.proof.length).toBe(5);
    expect(proof.checkpoint).toBe(checkpoint);
    expect(formatTlogProof(proof)).toBe(text);
  });
});
