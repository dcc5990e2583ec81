/**
 * Where attestations travel with the commits without changing them: a git note per commit under
 * `refs/notes/trailseal` (the envelope's JSON on one line), or a file per commit in a folder the
 * user chooses (`<dir>/<commit id>.dsse.json`). Notes move through the user's git: pushed to and
 * fetched from a remote by the commands that need them.
 */

import { spawnSync } from "node:child_process";
import { mkdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { runGit } from "../commits/index.js";
import { writeFileAtomic } from "../durable/index.js";
import { configError, hasCode } from "../errors/index.js";

export const NOTES_REF = "refs/notes/trailseal";
/** Where `attest verify --fetch` puts the remote's notes (never over the local ones). */
export const FETCHED_NOTES_REF = "refs/notes/trailseal-fetched";

export type AttestationStore = { kind: "notes"; repo: string; ref: string } | { kind: "dir"; dir: string };

const fileOf = (dir: string, id: string) => join(resolve(dir), `${id}.dsse.json`);

export async function writeAttestation(store: AttestationStore, id: string, text: string): Promise<void> {
  if (store.kind === "dir") {
    await mkdir(resolve(store.dir), { recursive: true });
    await writeFileAtomic(fileOf(store.dir, id), `${text}\n`);
    return;
  }
  runGit(store.repo, ["notes", `--ref=${store.ref}`, "add", "-f", "-F", "-", id], `${text}\n`);
}

/** The attestation of `id`, or null when it has none. */
export async function readAttestation(store: AttestationStore, id: string): Promise<string | null> {
  if (store.kind === "dir") {
    try {
      return await readFile(fileOf(store.dir, id), "utf8");
    } catch (error) {
      if (hasCode(error, "ENOENT")) return null;
      throw error;
    }
  }
  const shown = spawnSync("git", ["notes", `--ref=${store.ref}`, "show", id], {
    cwd: store.repo,
    encoding: "utf8",
    maxBuffer: 256 * 2 ** 20,
  });
  return shown.status === 0 ? shown.stdout : null;
}

/**
 * Pushes the notes to `remote`. Notes the remote already has are merged in first (ours win for
 * a commit both attested), so a push never drops another machine's attestations.
 */
export function pushNotes(repo: string, remote: string): void {
  const incoming = `${NOTES_REF}-incoming`;
  const fetched = spawnSync("git", ["fetch", "-q", remote, `+${NOTES_REF}:${incoming}`], {
    cwd: repo,
    encoding: "utf8",
  });
  if (fetched.status === 0) {
    runGit(repo, ["notes", `--ref=${NOTES_REF}`, "merge", "-q", "-s", "ours", incoming]);
    runGit(repo, ["update-ref", "-d", incoming]);
  }
  runGit(repo, ["push", "-q", remote, `${NOTES_REF}:${NOTES_REF}`]);
}

/**
 * Fetches `remote`'s notes into FETCHED_NOTES_REF (replacing what an earlier fetch put there). A
 * remote without the notes ref holds no attestations: the fetched ref is emptied, so every
 * commit reads as unattested rather than the check failing.
 */
export function fetchNotes(repo: string, remote: string): void {
  const listed = runGit(repo, ["ls-remote", remote, NOTES_REF]).trim();
  if (listed === "") {
    spawnSync("git", ["update-ref", "-d", FETCHED_NOTES_REF], { cwd: repo });
    return;
  }
  runGit(repo, ["fetch", "-q", remote, `+${NOTES_REF}:${FETCHED_NOTES_REF}`]);
}

/** The commits of a revision range (`main..HEAD`, `HEAD~3..`, one commit id), oldest first. */
export function listCommits(repo: string, range: string): string[] {
  // A range starting with "-" would be read by git as an option.
  const listed = range.startsWith("-")
    ? null
    : spawnSync("git", ["rev-list", "--reverse", range, "--"], {
        cwd: repo,
        encoding: "utf8",
        maxBuffer: 64 * 2 ** 20,
      });
  if (listed === null || listed.status !== 0)
    throw configError("ATTEST_RANGE_INVALID", `"${range.slice(0, 200)}" is not a revision range of ${repo}`, {
      hint: "e.g. main..HEAD, HEAD~3..HEAD, or one commit id",
    });
  return listed.stdout.split("\n").filter(Boolean);
}
