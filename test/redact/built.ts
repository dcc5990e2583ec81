/**
 * The built CLI's redaction (dist/, `npm run build` first) for the tests that measure it on
 * example sets (scanner-vectors.mjs carries each example): the redactor, with the shell parser
 * it reads commands with already loaded.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { REPO_ROOT } from "../helpers/cli.js";
import type { measure } from "./scanner-vectors.mjs";

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
