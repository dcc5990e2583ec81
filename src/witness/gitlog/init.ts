/**
 * `witness init`: a new log repository from log-repo-template/ with a fresh Ed25519 key kept
 * in the home (never in the repo), and a first signed commit holding the template files.
 */
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { TrailsealError } from "../../errors/index.js";
import { writeBranchHead } from "./branch-head.js";
import { createLogKey, type LogKey } from "./keys.js";
import { ALLOWED_SIGNERS_PATH, BRANCH, METADATA_PATH } from "./layout.js";
import { writeSignedCommit } from "./log.js";
import { parseMetadata, serializeAllowedSigners, serializeMetadata } from "./metadata.js";
import { ObjectStore } from "./objects.js";
import { formatSshPublicKey, sshFingerprint } from "./sshsig.js";
import { runGit } from "./system-git.js";
import { isValidOrigin, tlogVerifierKey } from "./tlog-files.js";
import { WorkTree } from "./tree.js";

export interface InitLogOptions {
  home: string;
  bare?: boolean;
  origin?: string;
  now?: () => Date;
}

export interface InitLogResult {
  dir: string;
  gitdir: string;
  bare: boolean;
  origin: string;
  publicKey: string;
  fingerprint: string;
  keyPath: string;
  commit: string;
}

/** Finds log-repo-template/ next to the package (works from src/ and from the dist bundle). */
export function templateDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, "log-repo-template");
    if (existsSync(join(candidate, METADATA_PATH))) return candidate;
    dir = dirname(dir);
  }
  throw new TrailsealError("GITLOG_TEMPLATE_MISSING", "log-repo-template/ not found next to trailseal");
}

async function templateFiles(root: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(join(root, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await templateFiles(root, rel)));
    else out.push(rel);
  }
  return out.sort();
}

/** Renders the template into {path → bytes}: placeholders filled, metadata validated. */
export async function renderTemplate(origin: string, key: LogKey): Promise<Map<string, Buffer>> {
  const root = templateDir();
  const verifierKey = tlogVerifierKey(origin, key.publicKey);
  const values: Record<string, string> = {
    ORIGIN: origin,
    PUBLIC_KEY: formatSshPublicKey(key.publicKey),
    VERIFIER_KEY: verifierKey,
    ALLOWED_SIGNERS: serializeAllowedSigners([key.publicKey]).trimEnd(),
  };
  const files = new Map<string, Buffer>();
  for (const path of await templateFiles(root)) {
    let text = (await readFile(join(root, path), "utf8")).replace(/\{\{([A-Z_]+)\}\}/g, (_, name: string) =>
      name in values ? values[name]! : `{{${name}}}`,
    );
    if (path === METADATA_PATH) {
      const raw = JSON.parse(text) as Record<string, unknown>;
      text = serializeMetadata(parseMetadata(JSON.stringify(raw)));
    }
    if (path === ALLOWED_SIGNERS_PATH) text = serializeAllowedSigners([key.publicKey]);
    files.set(path, Buffer.from(text));
  }
  return files;
}

function defaultOrigin(publicKey: Uint8Array): string {
  const id = sshFingerprint(publicKey)
    .slice(7, 15)
    .replace(/[^A-Za-z0-9]/g, "x");
  return `trailseal.log/${id}`;
}

export async function initLog(dirArg: string, options: InitLogOptions): Promise<InitLogResult> {
  const dir = resolve(dirArg);
  if (existsSync(dir) && (await readdir(dir)).length > 0) {
    throw new TrailsealError("GITLOG_INIT_EXISTS", `${dir} exists and is not empty`, {
      hint: "choose a new directory; a log is never re-initialised in place",
    });
  }
  if (options.origin !== undefined && !isValidOrigin(options.origin)) {
    throw new TrailsealError(
      "GITLOG_ORIGIN_INVALID",
      "--origin must be printable ASCII without spaces or '+'",
      {
        hint: "e.g. --origin github.com/acme/trailseal-log",
      },
    );
  }
  await mkdir(dir, { recursive: true });
  const bare = options.bare === true;
  await runGit(["init", "-q", `--initial-branch=${BRANCH}`, ...(bare ? ["--bare"] : []), dir]);
  const gitdir = bare ? dir : join(dir, ".git");
  const key = await createLogKey(options.home);
  const origin = options.origin ?? defaultOrigin(key.publicKey);
  const files = await renderTemplate(origin, key);

  const store = new ObjectStore(gitdir);
  const tree = await WorkTree.load(store, null);
  for (const [path, bytes] of files) await tree.setFile(path, bytes);
  const now = (options.now ?? (() => new Date()))();
  const commit = await writeSignedCommit(
    store,
    await tree.write(),
    null,
    `log: create ${origin}\n`,
    now,
    key,
  );
  await store.flush();
  await writeBranchHead(gitdir, commit);
  if (!bare) {
    for (const [path, bytes] of files) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), bytes);
    }
    // Bring the index in line with HEAD so `git status` is clean (tlog files are checked out too).
    await runGit(["-C", dir, "reset", "-q", "--hard", "HEAD"]);
  }
  return {
    dir,
    gitdir,
    bare,
    origin,
    publicKey: formatSshPublicKey(key.publicKey),
    fingerprint: sshFingerprint(key.publicKey),
    keyPath: key.path,
    commit,
  };
}
