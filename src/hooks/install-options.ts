/** What a hook install is asked to do and what it reports. */
import type { AgentName, InstallScope } from "../agents/index.js";

export interface InstallOptions {
  agent: AgentName;
  scope: InstallScope;
  /** Project directory (scope project). */
  cwd: string;
  /** The trailseal home written into the command (absolute); none: the hook's own default. */
  home?: string;
  /** Environment (CLAUDE_CONFIG_DIR); defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  /** The user's home directory (scope user); defaults to the OS home. */
  userHome?: string;
  /** The program to run; default `trailseal` (found on PATH). */
  program?: string;
}

export interface InstallResult {
  path: string;
  added: string[];
  updated: string[];
  unchanged: string[];
}
