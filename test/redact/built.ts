/**
 * The built CLI's redaction (dist/, `npm run build` first) for the tests that measure it on
 * example sets (scanner-vectors.mjs carries each example): the redactor, with the shell parser
 * it reads commands with already loaded.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { REPO_ROOT } from "../helpers/cli.js";
import { measure, readVectors, report } from "./scanner-vectors.mjs";

export type Tallies = Awaited<ReturnType<typeof measure>>;
type Redactor = Parameters<typeof measure>[1];

const dist = (path: string) => pathToFileURL(join(REPO_ROOT, "dist", path)).href;

/** dist's `redactEventBody`, once dist's shell parser is loaded. */
export async function builtRedactor(): Promise<Redactor> {
  const { redactEventBody } = await import(dist("redact/index.js"));
  const { loadShellParser } = await import(dist("risk/index.js"));
  await loadShellParser();
  return redactEventBody;
}

/** The overall, per-carrier and per-source tallies: without the ` · ` ones by family or category. */
export const mainTallies = (tallies: Tallies): Tallies =>
  Object.fromEntries(Object.entries(tallies).filter(([name]) => !name.includes(" · ")));

/**
 * One vector file measured on the built redaction, its main tallies printed under `title`. With
 * `byFamily`, each example's family is its category, so the tallies also hold `tp · <family>`
 * and `fp · <family>` (overall and by carrier).
 */
export async function measureFile(file: string, title: string, byFamily = false): Promise<Tallies> {
  const vectors = readVectors(file).map((vector) =>
    byFamily ? { ...vector, category: vector.family } : vector,
  );
  const tallies = await measure(vectors, await builtRedactor());
  console.log(report(title, mainTallies(tallies)));
  return tallies;
}
