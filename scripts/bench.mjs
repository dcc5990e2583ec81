// `npm run bench`: runs every scripts/bench-*.mjs in turn (each prints a Markdown table).
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";

const only = process.argv.slice(2);
const scripts = readdirSync(new URL(".", import.meta.url))
  .filter((name) => /^bench-.+\.mjs$/.test(name) && name !== "bench-lib.mjs")
  .filter((name) => only.length === 0 || only.some((word) => name.includes(word)))
  .sort();
let failed = 0;
for (const name of scripts) {
  console.log(`\n## ${name}`);
  const result = spawnSync(process.execPath, [new URL(name, import.meta.url).pathname], { stdio: "inherit" });
  if (result.status !== 0) failed += 1;
}
process.exitCode = failed > 0 ? 1 : 0;
