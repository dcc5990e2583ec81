import { mkdir, open, readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { appendAll, fsyncDir, withDirLock } from "../durable/index.js";
import { HMAC_REF, isIsoMillis, SHA256_REF } from "../encoding/index.js";
import { hasCode, TrailsealError } from "../errors/index.js";
import type { Seal } from "./seal.js";

/**
 * The seal store: `<home>/seals/seals.jsonl`, append-only. Lines are records of two types:
 * a seal (`{"type":"seal","id":"seal-<n>",...seal}`) and a receipt a witness gave for a seal
 * (`{"type":"receipt","seal_id",...}`). docs/seal-format.md documents both.
 */
export const SEALS_FILE = "seals.jsonl";

export const sealSchema = z
  .object({
    chain_tip: z.string().regex(SHA256_REF),
    event_count: z.number().int().nonnegative(),
    timestamp: z.string().refine(isIsoMillis, "not an ISO 8601 UTC timestamp with milliseconds"),
    signature: z.string().regex(HMAC_REF),
    key_id: z.string().min(1),
  })
  .strict();

export interface WitnessRef {
  name: string;
  url: string;
}

export interface StoredReceipt {
  seal_id: string;
  witness: WitnessRef;
  /** The receipt as the witness returned it: anchor_id, witnessed_at and any extra fields. */
  receipt: { anchor_id: string; witnessed_at: string } & Record<string, unknown>;
  recorded_at: string;
}

export interface StoredSeal {
  id: string;
  seal: Seal;
  receipts: StoredReceipt[];
}

type Line = ({ type: "seal"; id: string } & Seal) | ({ type: "receipt" } & StoredReceipt);

const receiptLineSchema = z.object({
  seal_id: z.string().min(1),
  witness: z.object({ name: z.string(), url: z.string() }),
  receipt: z.looseObject({ anchor_id: z.string().min(1), witnessed_at: z.string() }),
  recorded_at: z.string(),
});

/**
 * Appends whole lines, fsync'd. Call with the directory lock held. A torn last line (a crash
 * mid-append, never acknowledged) is cut off first; otherwise the new line would be glued to
 * it and every later read would fail on a corrupt line in the middle of the file.
 */
async function appendLines(dir: string, lines: Line[]): Promise<void> {
  const handle = await open(join(dir, SEALS_FILE), "a+", 0o600);
  try {
    const { size } = await handle.stat();
    if (size > 0) {
      const last = Buffer.alloc(1);
      await handle.read(last, 0, 1, size - 1);
      if (last[0] !== 10) {
        const text = await readFile(join(dir, SEALS_FILE));
        await handle.truncate(text.lastIndexOf(10) + 1);
      }
    }
    const bytes = Buffer.from(lines.map((line) => `${JSON.stringify(line)}\n`).join(""), "utf8");
    await appendAll(handle, bytes, (await handle.stat()).size);
    // The first append may have created the file: its directory entry must be durable too.
    if (size === 0) await fsyncDir(dir);
  } finally {
    await handle.close();
  }
}

/** All seals, oldest first, each with the receipts recorded for it. */
export async function readSeals(dir: string): Promise<StoredSeal[]> {
  let text: string;
  try {
    text = await readFile(join(dir, SEALS_FILE), "utf8");
  } catch (error) {
    if (hasCode(error, "ENOENT")) return [];
    throw error;
  }
  const seals: StoredSeal[] = [];
  const byId = new Map<string, StoredSeal>();
  const lines = text.split("\n");
  lines.forEach((raw, index) => {
    if (raw === "") return;
    let line: Line;
    try {
      line = JSON.parse(raw) as Line;
    } catch (cause) {
      // A torn final line (crash mid-append) was never acknowledged: ignore it.
      if (index === lines.length - 1) return;
      throw new TrailsealError("SEAL_STORE_CORRUPT", `seals.jsonl line ${index + 1} is not JSON`, { cause });
    }
    if (typeof line !== "object" || line === null || Array.isArray(line))
      throw new TrailsealError("SEAL_STORE_CORRUPT", `seals.jsonl line ${index + 1} is not a record`);
    if (line.type === "seal") {
      const { type: _type, id, ...seal } = line;
      const parsed = sealSchema.safeParse(seal);
      if (!parsed.success)
        throw new TrailsealError("SEAL_STORE_CORRUPT", `seals.jsonl line ${index + 1} is not a seal`);
      const stored = { id, seal: parsed.data, receipts: [] };
      seals.push(stored);
      byId.set(id, stored);
    } else if (line.type === "receipt") {
      const { type: _type, ...receipt } = line;
      if (!receiptLineSchema.safeParse(receipt).success)
        throw new TrailsealError("SEAL_STORE_CORRUPT", `seals.jsonl line ${index + 1} is not a receipt`);
      byId.get(receipt.seal_id)?.receipts.push(receipt);
    }
  });
  return seals;
}

/** Appends a seal and returns its id (`seal-<n>`, 1-based), durable before it returns. */
export async function appendSeal(dir: string, seal: Seal): Promise<StoredSeal> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return withDirLock(dir, async () => {
    const existing = await readSeals(dir);
    const id = `seal-${existing.length + 1}`;
    await appendLines(dir, [{ type: "seal", id, ...seal }]);
    return { id, seal, receipts: [] };
  });
}

/** Appends receipts for a stored seal, durable before it returns. */
export async function appendReceipts(dir: string, receipts: StoredReceipt[]): Promise<void> {
  if (receipts.length === 0) return;
  await withDirLock(dir, () =>
    appendLines(
      dir,
      receipts.map((receipt) => ({ type: "receipt" as const, ...receipt })),
    ),
  );
}

/** `latest`, a seal id (`seal-3`) or a 1-based number. */
export function findSeal(seals: StoredSeal[], ref = "latest"): StoredSeal {
  const found =
    ref === "latest"
      ? seals.at(-1)
      : seals.find((stored) => stored.id === ref || stored.id === `seal-${ref}`);
  if (!found) {
    const newest = seals.at(-1)?.id;
    throw new TrailsealError("SEAL_NOT_FOUND", ref === "latest" ? "there is no seal yet" : `no seal ${ref}`, {
      // With seals stored the name is wrong, not the home: say which names exist.
      hint: newest
        ? `the seals are ${seals[0]!.id}..${newest} (or \`latest\`, or its number)`
        : "run `trailseal seal` first",
    });
  }
  return found;
}
