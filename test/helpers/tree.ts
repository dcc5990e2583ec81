import { readdirSync } from "node:fs";
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
