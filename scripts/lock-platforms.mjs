// Completes package-lock.json with the platform-specific optional packages the registry this
// project installs from does not serve (e.g. @biomejs/cli-darwin-x64): npm leaves them out of
// the lock, and `npm ci` then refuses the lock as out of sync. The entries added carry only
// version, os and cpu (read from the package name), so npm skips them on every platform they
// do not fit and installs the ones the registry has. Each entry also gets the `integrity` the
// registry's metadata names (the registry describes these packages even
// where it does not serve them): a lock entry without integrity is one npm would take unchecked.
// Idempotent; run after `npm install`.
// Usage: node scripts/lock-platforms.mjs [--check]   (--check: exit 1 if entries or integrity are missing)
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

const PLATFORM =
  /-(android|darwin|freebsd|linux|openbsd|sunos|win32|aix)-(arm64|arm|x64|ia32|ppc64|s390x|riscv64|loong64)(-(musl|gnu|msvc))?$/;
const path = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(path, "utf8"));
const packages = lock.packages;
const added = [];

for (const [key, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const target = `${key ? `${key}/` : ""}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[target] || packages[hoisted]) continue;
    const match = PLATFORM.exec(name);
    if (!match) continue;
    const placeholder = { version, cpu: [match[2]], optional: true, os: [match[1]] };
    if (entry.dev) placeholder.dev = true;
    if (match[1] === "linux") placeholder.libc = [match[4] === "musl" ? "musl" : "glibc"];
    packages[hoisted] = placeholder;
    added.push(name);
  }
}

const unchecked = Object.entries(packages)
  .filter(([key, entry]) => key !== "" && !entry.link && !entry.integrity)
  .map(([key]) => key);

if (process.argv.includes("--check")) {
  if (added.length > 0) {
    console.error(`package-lock.json lacks ${added.join(", ")}: run node scripts/lock-platforms.mjs`);
    process.exit(1);
  }
  if (unchecked.length > 0) {
    console.error(
      `package-lock.json has no integrity for ${unchecked.join(", ")}: run node scripts/lock-platforms.mjs`,
    );
    process.exit(1);
  }
} else if (added.length + unchecked.length > 0) {
  for (const key of unchecked) {
    const name = key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length);
    const dist = JSON.parse(
      execFileSync("npm", ["view", `${name}@${packages[key].version}`, "dist", "--json"], {
        encoding: "utf8",
      }),
    );
    packages[key] = { ...packages[key], integrity: dist.integrity };
  }
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
  );
  writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(
    `package-lock.json: added ${added.length} platform entries (${added.join(", ")}), integrity for ${unchecked.length}`,
  );
}
