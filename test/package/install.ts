/**
 * The package as a user gets it, for the tests that run it: `npm pack` of the built checkout, then
 * `npm install --omit=dev <tarball>` into an empty directory (the npm registry, through the npm
 * cache, is the only network).
 */
import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../helpers/cli.js";

export const INSTALL_TIMEOUT = 240_000;

export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; input?: string; timeout?: number },
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      command,
      args,
      {
        cwd: options.cwd,
        env: { ...process.env, ...options.env },
        timeout: options.timeout ?? 60_000,
        maxBuffer: 16 * 2 ** 20,
      },
      (error, stdout, stderr) => {
        const code = error ? ((error as { code?: unknown }).code ?? 1) : 0;
        resolve({ code: typeof code === "number" ? code : 1, stdout, stderr });
      },
    );
    child.stdin?.end(options.input ?? "");
  });
}

export async function registryReachable(): Promise<boolean> {
  const result = await run("npm", ["ping", "--fetch-timeout=15000", "--fetch-retries=0"], {
    cwd: REPO_ROOT,
    timeout: 30_000,
  });
  return result.code === 0;
}

export { PERMISSION_FLAG } from "../helpers/permission.js";

export interface Installed {
  /** The directory installed into (its node_modules holds trailseal). */
  install: string;
  /** node_modules/trailseal and its CLI. */
  pkgDir: string;
  cli: string;
  /** The packed tarball, and the paths inside it. */
  tarball: string;
  tarballFiles: string[];
}

/** Packs the checkout into `root` and installs the tarball into `root`/install. */
export async function packAndInstall(root: string): Promise<Installed> {
  // The dist/ built before the tests (npm test builds first), packed as it is: prepack would
  // rebuild dist/ in place (rm -rf, then write), under the feet of the test files running beside
  // this one. That prepack is the build is checked in test/package/manifest.test.ts.
  const packed = await run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", root], {
    cwd: REPO_ROOT,
  });
  if (packed.code !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
  const [info] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
  const install = join(root, "install");
  mkdirSync(install);
  writeFileSync(join(install, "package.json"), '{"name":"pack-test","private":true}\n');
  const installed = await run(
    "npm",
    [
      "install",
      "--omit=dev",
      "--no-audit",
      "--no-fund",
      "--no-package-lock",
      // The npm cache (filled by the checkout's own `npm ci`) first: the registry only for what it lacks.
      "--prefer-offline",
      // No dependency's install script: the optional native tree-sitter compiles itself where
      // its prebuild does not load (Debian 12's libstdc++ is too old for it), which takes ~25 s
      // and, without Debian's nodedir, downloads Node's headers from nodejs.org. trailseal
      // has no install script of its own (test/package checks), so this skips nothing of ours.
      "--ignore-scripts",
      join(root, info!.filename),
    ],
    { cwd: install, timeout: INSTALL_TIMEOUT, env: { npm_config_omit: "dev" } },
  );
  if (installed.code !== 0) throw new Error(`npm install of the tarball failed: ${installed.stderr}`);
  const pkgDir = join(install, "node_modules", "trailseal");
  return {
    install,
    pkgDir,
    cli: join(pkgDir, "dist", "cli.js"),
    tarball: join(root, info!.filename),
    tarballFiles: info!.files.map((f) => f.path),
  };
}
