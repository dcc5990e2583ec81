import type { Tally, Vector } from "./scanner-vectors.mjs";

/** The ways code reaches the trail: a file written, an edit, a Codex patch, the command running it. */
export const CODE_CARRIERS: readonly string[];
/** An example of secret-tuning-code5.jsonl: its language, and the context a secret must lose. */
export interface CodeVector extends Vector {
  lang: string;
  needles?: string[];
}
export function measureCode(
  vectors: readonly CodeVector[],
  redactEventBody: (body: never, options: { key: () => Promise<Uint8Array> }) => Promise<{ body: unknown }>,
): Promise<Record<string, Tally>>;
