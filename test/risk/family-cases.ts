/** The unseen-case rounds of test/vectors/risk-families.jsonl (origin beside it). */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

export interface FamilyCase {
  round: number;
  family: string;
  command: string;
  dangerous: boolean;
  known?: string;
}

export const FAMILY_CASES: FamilyCase[] = readFileSync(
  resolve(import.meta.dirname, "../vectors/risk-families.jsonl"),
  "utf8",
)
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as FamilyCase);
