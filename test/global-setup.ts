import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

/** Integration tests run the built CLI; build it once if `npm test` did not already. */
export default function setup(): void {
  const root = resolve(import.meta.dirname, "..");
  if (!existsSync(join(root, "dist", "cli.js"))) {
    execFileSync(process.execPath, [join(root, "scripts", "build.mjs")], { cwd: root, stdio: "inherit" });
  }
}
