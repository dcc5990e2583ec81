/**
 * The trailseal home (docs/configuration.md): where the trail, keys, policy, relay config and seals live.
 * `$TRAILSEAL_HOME`, else `~/.trailseal`; every command takes `--home`.
 * Invariants: directories 0700, key files 0600, init never overwrites an existing file.
 */
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { fileCalls, syncHandle } from "../durable/index.js";
import { hasCode } from "../errors/index.js";
import { DEFAULT_POLICY_YAML } from "./default-policy.js";
import { deriveKeyId, generateSealKeyHex } from "./keys.js";
import { homePaths } from "./paths.js";
import { DEFAULT_RELAY_CONFIG } from "./relay-defaults.js";

export { DEFAULT_POLICY_YAML } from "./default-policy.js";
export type { SealKey } from "./keys.js";
export { deriveKeyId, generateSealKeyHex, loadSealKey } from "./keys.js";
export { type HomePaths, homePaths } from "./paths.js";
export { DEFAULT_RELAY_CONFIG } from "./relay-defaults.js";

export function resolveHome(option?: string, env: NodeJS.ProcessEnv = process.env): string {
  return resolve(option ?? env.TRAILSEAL_HOME ?? join(homedir(), ".trailseal"));
}

/** Writes a file only if it does not exist (O_EXCL), fsync'd. Returns whether it wrote. */
async function createFile(path: string, content: string, mode: number): Promise<boolean> {
  let handle: Awaited<ReturnType<typeof fileCalls.open>>;
  try {
    handle = await fileCalls.open(path, "wx", mode);
  } catch (error) {
    if (hasCode(error, "EEXIST")) return false;
    throw error;
  }
  try {
    await handle.writeFile(content);
    await syncHandle(handle);
  } finally {
    await handle.close();
  }
  await fileCalls.chmod(path, mode);
  return true;
}

export interface InitResult {
  home: string;
  created: string[];
  keyId: string;
}

/** Creates the home; idempotent: what exists is left as it is and not listed in `created`. */
export async function initHome(home: string): Promise<InitResult> {
  const paths = homePaths(home);
  const created: string[] = [];
  for (const dir of [paths.root, paths.trail, paths.seals, paths.keys]) {
    if (!existsSync(dir)) {
      await fileCalls.mkdir(dir, { recursive: true, mode: 0o700 });
      created.push(dir);
    }
  }
  let keyId = (await fileCalls.readdir(paths.keys))
    .filter((name) => name.endsWith(".key"))
    .sort()
    .at(-1)
    ?.slice(0, -4);
  if (keyId === undefined) {
    const hex = generateSealKeyHex();
    keyId = deriveKeyId(hex);
    const keyPath = join(paths.keys, `${keyId}.key`);
    await createFile(keyPath, `${hex}\n`, 0o600);
    created.push(keyPath);
  }
  if (await createFile(paths.policy, DEFAULT_POLICY_YAML, 0o644)) created.push(paths.policy);
  if (await createFile(paths.relayConfig, `${JSON.stringify(DEFAULT_RELAY_CONFIG, null, 2)}\n`, 0o600)) {
    created.push(paths.relayConfig);
  }
  return { home, created, keyId };
}
