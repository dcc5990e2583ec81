import { readdirSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * Every file under `dir` (recursively) whose name ends with one of `extensions`, skipping the
 * directories named in `skip` (node_modules, assets, …). For the tests that read the tree itself.
 */
export function filesUnder(
  dir: string,
  extensions: readonly string[],
  skip: readonly string[] = [],
): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return skip.includes(entry.name) ? [] : filesUnder(path, extensions, skip);
    return extensions.some((extension) => entry.name.endsWith(extension)) ? [path] : [];
  });
}

/** Every file under `dir` (recursively) whose bytes hold `needle`: a secret must be in none. */
export async function filesHolding(dir: string, needle: string): Promise<string[]> {
  const hits: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    if ((await readFile(path)).includes(needle)) hits.push(path);
  }
  return hits;
}
