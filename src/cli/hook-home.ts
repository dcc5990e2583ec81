import { homedir } from "node:os";
import { join, resolve } from "node:path";

/**
 * The home rule of resolveHome (src/home), restated here because src/home loads zod (relay
 * configuration) and the hook's fast path and the resident client must not; test/hooks checks
 * that both agree.
 */
export function resolveHookHome(option: string | undefined, env: NodeJS.ProcessEnv): string {
  return resolve(option ?? env.TRAILSEAL_HOME ?? join(homedir(), ".trailseal"));
}
