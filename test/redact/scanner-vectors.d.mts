export interface Vector {
  source: string;
  path: string;
  kind: "tp" | "fp";
  text?: string;
  secret?: string;
  secrets?: string[];
  /** The family of an example of secret-everyday.jsonl. */
  family?: string;
  /** Set by vector-categories.mjs: tallies are kept by it too. */
  category?: string;
  /** A tuning set's later batch (2), measured apart from the first. */
  batch?: number;
}
export interface Tally {
  total: number;
  good: number;
  misses: string[];
}
export function readVectors(name: string): Vector[];
export function share(tally: Tally): number;
export function measure(
  vectors: readonly Vector[],
  redactEventBody: (body: never, options: { key: () => Promise<Uint8Array> }) => Promise<{ body: unknown }>,
): Promise<Record<string, Tally>>;
export function report(title: string, tallies: Record<string, Tally>, misses?: boolean): string;
/** The fields of an event body other than what carries the example. */
export const base: {
  risk: { level: "low"; flags: string[] };
  agent: string;
  session: string;
  cwd: string;
  phase: "pre";
  decision: "pass";
  reasons: string[];
};
