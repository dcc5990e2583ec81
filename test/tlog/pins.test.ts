import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  checkPin,
  generateNoteSigner,
  openCheckpoint,
  pinPath,
  TlogWriter,
  verifierKey,
} from "../../src/tlog/index.js";
import { asyncCodeOf, MemoryLog, utf8 } from "./helpers.js";

const signer = generateNoteSigner("log.trailseal.test/pins");
const key = verifierKey(signer.name, signer.publicKey);
let pinsDir: string;

beforeEach(async () => {
  pinsDir = join(await mkdtemp(join(tmpdir(), "tlog-pins-")), "pins");
});
afterEach(async () => {
  await rm(join(pinsDir, ".."), { recursive: true, force: true });
});

async function grow(sizes: number[]) {
  const log = new MemoryLog();
  const writer = await TlogWriter.open(log.read);
  const views: { note: string; checkpoint: ReturnType<typeof openCheckpoint>["checkpoint"] }[] = [];
  let n = 0;
  for (const size of sizes) {
    log.apply(
      writer.append(
        Array.from({ length: size }, () => utf8(`e${n++}`)),
        signer,
      ),
    );
    views.push({ note: writer.checkpoint!, checkpoint: openCheckpoint(writer.checkpoint!, key).checkpoint });
  }
  return { log, views };
}

describe("checkpoint pins", () => {
  it("pins the first checkpoint (0600), accepts the same tree, keeps the pin on an unproven extension", async () => {
    const { views } = await grow([5, 5]);
    const witness = "https://log.example/raw";
    expect((await checkPin({ pinsDir, witness, ...views[0]! })).status).toBe("new");
    expect((await stat(pinPath(pinsDir, witness))).mode & 0o777).toBe(0o600);
    expect((await checkPin({ pinsDir, witness, ...views[0]! })).status).toBe("same");
    expect((await checkPin({ pinsDir, witness, ...views[1]! })).status).toBe("unproven");
    // Still pinned at 5: the rollback check compares with it.
    expect((await checkPin({ pinsDir, witness, ...views[0]! })).status).toBe("same");
  });

  it("moves forward with an explicit consistency proof and refuses a bad one", async () => {
    const { views } = await grow([5, 6]);
    const writer = await TlogWriter.open((await grow([5, 6])).log.read);
    const witness = "w";
    await checkPin({ pinsDir, witness, ...views[0]! });
    const proof = writer.consistencyProof(5, 11);
    const bad = proof.map((h) => new Uint8Array(h));
    bad[0]![0]! ^= 1;
    expect(await asyncCodeOf(() => checkPin({ pinsDir, witness, ...views[1]!, consistencyProof: bad }))).toBe(
      "TLOG_FORK_DETECTED",
    );
    expect((await checkPin({ pinsDir, witness, ...views[1]!, consistencyProof: proof })).status).toBe(
      "extended",
    );
    expect(await asyncCodeOf(() => checkPin({ pinsDir, witness, ...views[0]! }))).toBe("TLOG_ROLLBACK");
  });

  it("does not use a proof that starts at another size than the pin (the pin moved meanwhile)", async () => {
    const { views, log } = await grow([5, 3, 3]);
    const writer = await TlogWriter.open(log.read);
    const witness = "w";
    await checkPin({ pinsDir, witness, ...views[0]! });
    await checkPin({
      pinsDir,
      witness,
      ...views[1]!,
      consistencyProof: writer.consistencyProof(5, 8),
      proofFrom: 5,
    });
    // A proof from 5 to 11, asked for before the pin moved to 8: not about the pin, so unproven.
    const stale = writer.consistencyProof(5, 11);
    expect(
      (await checkPin({ pinsDir, witness, ...views[2]!, consistencyProof: stale, proofFrom: 5 })).status,
    ).toBe("unproven");
    const fresh = writer.consistencyProof(8, 11);
    expect(
      (await checkPin({ pinsDir, witness, ...views[2]!, consistencyProof: fresh, proofFrom: 8 })).status,
    ).toBe("extended");
  });

  it("refuses the same log signed by another key (a replacement log that copied the entries)", async () => {
    const { views } = await grow([3]);
    const other = generateNoteSigner(signer.name);
    const otherKey = verifierKey(other.name, other.publicKey);
    expect((await checkPin({ pinsDir, witness: "w", ...views[0]!, key })).status).toBe("new");
    expect((await checkPin({ pinsDir, witness: "w", ...views[0]!, key })).status).toBe("same");
    expect(await asyncCodeOf(() => checkPin({ pinsDir, witness: "w", ...views[0]!, key: otherKey }))).toBe(
      "TLOG_KEY_CHANGED",
    );
  });

  it("reports a corrupt pin file with a code", async () => {
    const { views } = await grow([1]);
    await checkPin({ pinsDir, witness: "w", ...views[0]! });
    await writeFile(pinPath(pinsDir, "w"), "{not json");
    expect(await asyncCodeOf(() => checkPin({ pinsDir, witness: "w", ...views[0]! }))).toBe(
      "TLOG_PIN_CORRUPT",
    );
  });
});
