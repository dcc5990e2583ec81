/**
 * Path semantics for risk (docs/risk.md): sensitive files (secrets, keys, credentials) and system
 * directories; what editing a file changes (project configuration, history, start-up files,
 * authentication code) is judged in written-paths.ts on top of these helpers. Paths are
 * judged after normalisation (`~` and `$HOME` kept as a home marker, `.`/`..` resolved
 * against the working directory), never by substring over a raw command line.
 */

import { posix } from "node:path";
import {
  CERTIFICATE_NAME,
  CODE_OR_DOC,
  CONFIG_CREDENTIALS,
  CREDENTIAL_HOLDERS,
  CREDENTIAL_STORES,
  ENV_TEMPLATE,
  globSecretReason,
  HOME_CREDENTIAL_FILES,
  KEY_EXTENSIONS,
  PRIVATE_KEY_NAME,
  PUBLIC_FILE,
  PUBLIC_KEY_EXPORT,
  PUBLIC_SYSTEM_FILES,
  SECRET_DIRS,
  SECRET_FILES,
  SECRET_WORD,
  SIGNATURE_NAME,
} from "./secret-names.js";
import { windowsSecretReason } from "./windows-paths.js";

/** Stands for the user's home directory in normalised paths. */
export const HOME = "~";

export interface PathContext {
  cwd: string | null;
}

/** Normalises a path as the shell would see it: home expanded to `~`, relative resolved to cwd. */
export function normalizePath(raw: string, context: PathContext): string {
  let path = raw.trim();
  if (path.includes("\\") || /^[A-Za-z]:/.test(path) || path.includes("%") || path.startsWith("$env:"))
    path = fromWindows(path);
  path = path.replace(/^(\$HOME|\$\{HOME(:?[?-][^}]*)?\})(?=\/|$)/, HOME);
  if (path === HOME || path.startsWith(`${HOME}/`)) return posix.normalize(path).replace(/\/$/, "") || HOME;
  if (path.startsWith("~")) return posix.normalize(path); // ~user/…
  if (!path.startsWith("/")) path = posix.join(context.cwd ?? ".", path);
  const normal = posix.normalize(path);
  return normal.length > 1 ? normal.replace(/\/$/, "") : normal;
}

/**
 * A Windows spelling read as the same file: `C:\Users\x\.ssh\id_rsa` is the drive as WSL mounts
 * it (`/mnt/c/Users/x/.ssh/id_rsa`), `~\.ssh`, `%USERPROFILE%\.ssh` and `$env:USERPROFILE\.ssh`
 * are the home's `.ssh`, and a backslash separates directories as `/` does (agents on Windows,
 * PowerShell and file tools write them so). A secret must not stop being one for its slashes.
 */
function fromWindows(raw: string): string {
  let path = raw
    .replace(/^(%USERPROFILE%|%HOMEDRIVE%%HOMEPATH%|\$env:USERPROFILE|\$env:HOME|\$HOME)(?=[\\/]|$)/i, HOME)
    .replace(/\\/g, "/");
  const drive = /^([A-Za-z]):(\/.*|$)/.exec(path);
  if (drive) path = `/mnt/${drive[1]!.toLowerCase()}${drive[2] || "/"}`;
  return path;
}

/** A path's directories and name, `.` and empty parts dropped (`/` or `\` separate them). */
export function segments(path: string): string[] {
  // a backslash separates directories too (Windows spellings); the common case splits on `/` only
  const parts = path.includes("\\") ? path.split(/[\\/]/) : path.split("/");
  return parts.filter((segment) => segment !== "" && segment !== ".");
}

export function basename(path: string): string {
  return segments(path).at(-1) ?? path;
}

/** Splits a name into lowercase words: `getAccessToken.ts` → get, access, token, ts. */
export function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * Why a file name alone marks a secret (`.env`, `id_rsa`, `server.key`, `.netrc`, `auth.json`), or
 * null. Used for bare words given to programs without a rule, where a directory-like word
 * (`secret/app`) is not known to be a path.
 */
export function secretFileReason(word: string): string | null {
  const name = basename(word);
  const glob = /[*?[]/.test(name) ? globSecretReason(name) : null;
  if (glob) return glob;
  // `.env`, `.env.local`, and `NAME.env` (compose env_file, `~/.aider/oauth-keys.env`)
  const named =
    /^[\w.-]+\.env$/.test(name) &&
    !/(^|[._-])(example|sample|template|tmpl|tpl|dist|defaults?)([._-]|$)/i.test(name);
  // `.env.d.ts`, `.env.ts`: code typing or loading the environment, not its values
  const code = CODE_OR_DOC.test(name);
  if (!code && (name === ".env" || named || (name.startsWith(".env.") && !ENV_TEMPLATE.test(name)))) {
    return `environment-secret file ${name}`;
  }
  if (PRIVATE_KEY_NAME.test(name)) return `private key file ${name}`;
  // `key.json`, `gcp-key.json`, `sa_key.json`: how cloud service-account keys are saved
  if (/(^|[._-])key\.json$/i.test(name) && !TEMPLATE_NAME.test(name)) return `key file ${name}`;
  if (
    KEY_EXTENSIONS.test(name) &&
    !CERTIFICATE_NAME.test(name) &&
    !PUBLIC_KEY_EXPORT.test(name) &&
    !SIGNATURE_NAME.test(name)
  )
    return `key or certificate file ${name}`;
  if (SECRET_FILES.has(name)) return `credential file ${name}`;
  if (SECRET_DIRS.has(name)) return `credential directory ${name}/`;
  return null;
}

const TEMPLATE_NAME = /[._-](example|sample|template|tmpl|tpl|dist|defaults?)([._-]|$)/i;

/** `~/.claude`, `/home/x/.codex`, `~/.config/gh`, `~/.local/share/opencode`: a tool's own home. */
function isHomeDotDir(parts: string[]): boolean {
  const home =
    parts[0] === HOME ? 1 : (parts[0] === "home" || parts[0] === "Users") && parts.length > 2 ? 2 : -1;
  if (home < 0) return false;
  const between = parts.slice(home, -1).join("/");
  return between === "" ? parts.at(-1)!.startsWith(".") : between === ".config" || between === ".local/share";
}

/** A tool's home directory read as a whole (it carries the credential file inside), or null. */
export function credentialHolderReason(path: string): string | null {
  const parts = segments(path);
  const name = parts.at(-1) ?? "";
  return CREDENTIAL_HOLDERS.has(name) && isHomeDotDir(parts)
    ? `${name}/, a directory holding credentials`
    : null;
}

/** Why a path is sensitive (credential or secret), or null. */
export function sensitiveReason(path: string): string | null {
  const exact = sensitiveAsWritten(path);
  if (exact !== null || !/[A-Z]/.test(path)) return exact;
  // `~/.SSH/ID_RSA`, `C:\Users\me\.AWS\Credentials`: macOS and Windows file systems do not tell
  // cases apart by default, so a name spelt in other case reaches the same file
  const folded = sensitiveAsWritten(path.toLowerCase());
  return folded === null ? null : `${folded} (spelt in other case)`;
}

function sensitiveAsWritten(path: string): string | null {
  const name = basename(path);
  // system files anyone may read, and PAM's configuration (`/etc/pam.d/passwd` holds rules, not passwords)
  if (PUBLIC_SYSTEM_FILES.has(path) || path.startsWith("/etc/pam.d/")) return null;
  // a process's environment holds its tokens, as `env` prints them
  if (/^\/proc\/[^/]+\/(task\/[^/]+\/)?environ$/.test(path))
    return "a process's environment (its tokens and keys)";
  // memory read whole: every key and password any process holds (`dd if=/dev/mem`, `/proc/PID/mem`)
  if (/^\/dev\/(k?mem|crash)$|^\/proc\/(kcore|[^/]+\/mem)$/.test(path))
    return "memory (the keys and passwords processes hold)";
  const byName = secretFileReason(path) ?? windowsSecretReason(path);
  if (byName) return byName;
  const parts = segments(path);
  if (PUBLIC_FILE.test(name) && parts.at(-2) === ".ssh") return null;
  const store = parts.slice(0, -1).find((part) => CREDENTIAL_STORES.includes(part));
  if (store) return `credential store ${store}/`;
  if (parts.at(-2) === ".config" && CONFIG_CREDENTIALS.has(name)) return `credential file ${name}`;
  for (const dir of parts.slice(0, -1)) {
    if (SECRET_DIRS.has(dir)) return `credential directory ${dir}/`;
  }
  if (name === "config.json" && parts.at(-2) === ".docker") return "docker credentials";
  const inHome = /^(~|\/(home|Users)\/[^/]+)\/(.+)$/.exec(path)?.[3];
  if (inHome && HOME_CREDENTIAL_FILES.has(inHome)) return `a tool's credential file (${inHome})`;
  if (parts.includes("gcloud") && parts.includes(".config")) return "gcloud credentials";
  if (name === "hosts.yml" && parts.at(-2) === "gh") return "GitHub CLI credentials";
  if (SECRET_DIRS.has(name)) return `credential directory ${name}/`;
  // Code or prose about secrets hold no secret, wherever they are (`src/secrets/index.ts` is a
  // module); templates (`secrets.example.yaml`) hold none either, though their directory may.
  const checked = CODE_OR_DOC.test(name) ? [] : TEMPLATE_NAME.test(name) ? parts.slice(0, -1) : parts;
  for (const part of checked) {
    if (part === HOME) continue;
    for (const word of words(part)) {
      if (SECRET_WORD.test(word)) return `path names a secret (${part})`;
    }
  }
  return null;
}

const SYSTEM_ROOTS = [
  "etc",
  "usr",
  "bin",
  "sbin",
  "boot",
  "lib",
  "lib32",
  "lib64",
  "libx32",
  "sys",
  "proc",
  "dev",
  "var",
  "opt",
  "root",
  "srv",
  "System",
  "Library",
  "private",
];
/** Device files that are safe to write (`> /dev/null`). */
const HARMLESS_DEVICES = /^\/dev\/(null|zero|stdout|stderr|stdin|tty|fd\/\d+|u?random|full)$/;

/** True for a path in a system directory (writing there is critical). */
export function isSystemPath(path: string): boolean {
  if (!path.startsWith("/")) return false;
  // Windows' own directories as WSL mounts them
  if (
    /^\/mnt\/[a-z]\/(windows|program files( \(x86\))?|programdata|efi|boot|bootmgr|bootnxt)(\/|$)/i.test(path)
  )
    return true;
  const parts = segments(path);
  const top = parts[0];
  if (top === undefined || !SYSTEM_ROOTS.includes(top)) return false;
  if (HARMLESS_DEVICES.test(path)) return false;
  if (top === "var" && (parts[1] === "tmp" || parts[1] === "folders")) return false;
  if (top === "private" && (parts[1] === "tmp" || parts[1] === "var")) return false;
  if (top === "usr" && parts[1] === "local" && parts[2] === "src") return false;
  // Homebrew's prefix and repository belong to the user who installed it (`/opt/homebrew`,
  // `/usr/local/Homebrew`, `/usr/local/Cellar`): `brew` and the formulae's servers write there
  if (top === "opt" && parts[1] === "homebrew") return false;
  if (top === "usr" && parts[1] === "local" && /^(Homebrew|Cellar|Caskroom)$/.test(parts[2] ?? ""))
    return false;
  return true;
}

/**
 * `/target`, `/docker-entrypoint-initdb.d`: a new name made directly in `/` changes the root
 * directory itself, which only root may write, as a write under a system directory is; not
 * `/tmp`, nor the working directory or one of its parents (a project at `/app`).
 */
export function isRootEntry(path: string, cwd: string | null): boolean {
  const parts = segments(path);
  if (!path.startsWith("/") || parts.length !== 1 || parts[0] === "tmp") return false;
  return !(cwd && (cwd === path || cwd.startsWith(`${path}/`)));
}

/** Top-level directories every Linux or macOS system has: a path below one makes no new entry. */
const STANDARD_TOP =
  /^\/(bin|boot|dev|etc|home|lib|lib32|lib64|libx32|media|mnt|opt|proc|root|run|sbin|srv|sys|tmp|usr|var|Users|Applications|Library|System|Volumes|private|cores|nix|snap)$/;

/**
 * The new entry in `/` that making `path` makes, or null: the path itself, or with `parents`
 * (`mkdir -p /kaniko/.docker`) its top-level directory when that is no standard one.
 */
export function rootEntryMade(path: string, cwd: string | null, parents: boolean): string | null {
  if (isRootEntry(path, cwd)) return path;
  const top = `/${segments(path)[0] ?? ""}`;
  return parents && path.startsWith("/") && !STANDARD_TOP.test(top) && isRootEntry(top, cwd) ? top : null;
}

/** The whole file system, a top-level directory, home or the parent of the working directory. */
export function isBroadPath(path: string, context: PathContext): boolean {
  if (path === "/" || path === HOME || /^~[^/]*$/.test(path)) return true;
  if (/^\.\.?(\/\.\.)*$/.test(path)) return true; // the working directory or its parents
  const parts = segments(path);
  if (path.startsWith("/") && parts.length <= 1) return true;
  if (path.startsWith("/") && (parts[0] === "home" || parts[0] === "Users") && parts.length <= 2) return true;
  const cwd = context.cwd ? normalizePath(context.cwd, { cwd: "/" }) : null;
  if (cwd && (path === cwd || cwd.startsWith(`${path}/`))) return true;
  return false;
}
