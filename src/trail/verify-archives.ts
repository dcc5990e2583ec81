/**
 * Verifying the archived part of a trail (docs/trail-format.md, "Archives"): the archives'
 * lines are fed to the same chain verifier as the live lines, before them, so the chain is
 * checked from seq 0 through every archive into the live trail. What the chain alone cannot
 * name is judged here: which archive is missing or altered (its bytes no longer those the
 * manifest recorded, its gzip damaged, its last hash not the one the live trail links to, its
 * seals no longer matching). A removal is found even with the manifest gone: the live trail's
 * first event names the seq and hash before it.
 */
import { createHash } from "node:crypto";
import type { ChainBreak, ChainVerifier } from "../chain/index.js";
import type { ErrorCode } from "../errors/index.js";
import {
  type ArchiveRead,
  type ArchiveSource,
  archivedLineBatches,
  emptyRead,
  readArchivedSeals,
  type TrailPlan,
} from "./sources.js";

export interface ArchiveFinding {
  name: string;
  first_seq: number;
  count: number;
  first_ts: string;
  last_ts: string;
  /** `unchecked`: the chain broke before it, so its lines were not read. */
  status: "ok" | "missing" | "altered" | "unchecked";
  reason: string | null;
}

export interface ArchiveProblem {
  code: ErrorCode;
  message: string;
}

export interface ArchiveCheck {
  archives: ArchiveFinding[];
  problems: ArchiveProblem[];
}

type Sidecar = Awaited<ReturnType<typeof readArchivedSeals>>;

/** What feeding the archives found, judged once the live lines are read too (`judgeArchives`). */
export interface ArchiveFeed {
  reads: Map<string, { read: ArchiveRead; tip: string; count: number }>;
  sidecars: Map<string, Sidecar>;
  /** 1-based line of the first line of each source (archives, then the live trail). */
  firstLines: { line: number; archive: ArchiveSource | null }[];
  /** False when the chain broke inside the archives (no live line is read then). */
  whole: boolean;
}

/** The counts whose tip the archives' seals need (add them to the verifier's `tipsAt`). */
export async function readSidecars(dir: string, plan: TrailPlan): Promise<Map<string, Sidecar>> {
  const out = new Map<string, Sidecar>();
  for (const archive of plan.archives)
    out.set(archive.entry.name, await readArchivedSeals(dir, archive.entry));
  return out;
}

export function sidecarCounts(sidecars: Map<string, Sidecar>): number[] {
  return [...sidecars.values()].flatMap((sidecar) => sidecar?.seals.map((seal) => seal.event_count) ?? []);
}

/** Feeds every present archive's lines to `verifier`, in order, until the chain breaks. */
export async function feedArchives(
  plan: TrailPlan,
  verifier: ChainVerifier,
  sidecars: Map<string, Sidecar>,
): Promise<ArchiveFeed> {
  const feed: ArchiveFeed = { reads: new Map(), sidecars, firstLines: [], whole: true };
  for (const archive of plan.archives) {
    if (verifier.broken) break;
    feed.firstLines.push({ line: verifier.lines + 1, archive });
    if (!archive.present) continue;
    const read = emptyRead();
    outer: for await (const lines of archivedLineBatches(archive.path, read)) {
      for (const line of lines) if (verifier.pushBytes(line) !== null) break outer;
    }
    feed.reads.set(archive.entry.name, { read, ...verifier.state });
  }
  feed.whole = verifier.broken === null;
  feed.firstLines.push({ line: verifier.lines + 1, archive: null });
  return feed;
}

const hex = (ref: string) => ref.replace(/^sha256:/, "");

/** Judges each archive once the whole chain was read (`tipAt`: the verified tips, sidecar counts included). */
export function judgeArchives(
  plan: TrailPlan,
  feed: ArchiveFeed,
  broken: ChainBreak | null,
  tipAt: (count: number) => string | undefined,
): ArchiveCheck {
  const archives: ArchiveFinding[] = [];
  const problems: ArchiveProblem[] = [];
  for (const archive of plan.archives) {
    const { entry } = archive;
    const end = entry.first_seq + entry.count;
    const range = `events ${entry.first_seq}..${end - 1}, ${entry.first_ts} to ${entry.last_ts}`;
    const finding: ArchiveFinding = {
      name: entry.name,
      first_seq: entry.first_seq,
      count: entry.count,
      first_ts: entry.first_ts,
      last_ts: entry.last_ts,
      status: "ok",
      reason: null,
    };
    archives.push(finding);
    const seen = feed.reads.get(entry.name);
    if (!archive.present) {
      finding.status = "missing";
      finding.reason = "its file is gone";
      problems.push({
        code: "TRAIL_ARCHIVE_MISSING",
        message: `archive ${entry.name} (${range}) is missing: the records it held are gone from the trail`,
      });
      continue;
    }
    if (!seen) {
      finding.status = "unchecked";
      finding.reason = "the chain breaks before it";
      continue;
    }
    const { read } = seen;
    const sidecar = feed.sidecars.get(entry.name) ?? null;
    const reasons: string[] = [];
    if (read.error) reasons.push(`its gzip cannot be read (${read.error})`);
    else if (read.whole && read.sha256 !== hex(entry.sha256))
      reasons.push("its lines are not the bytes archived");
    if (broken && broken.seq >= entry.first_seq && broken.seq <= end && (!read.whole || broken.seq < end))
      reasons.push(`the chain breaks in it at seq ${broken.seq} (${broken.reason})`);
    else if (read.whole && (seen.count !== end || seen.tip !== entry.tip))
      reasons.push("its last event is not the one the manifest and the live trail name");
    if (sidecar === null) reasons.push("its seals file is gone");
    else {
      if (sidecar.sha256 !== hex(entry.seals_sha256)) reasons.push("its seals file is not the one archived");
      for (const seal of sidecar.seals) {
        const tip = tipAt(seal.event_count);
        if (tip !== undefined && tip !== seal.chain_tip)
          reasons.push(`its seal ${seal.id} does not match the chain at ${seal.event_count} events`);
      }
    }
    if (reasons.length > 0) {
      finding.status = "altered";
      finding.reason = reasons.join("; ");
      problems.push({
        code: "TRAIL_ARCHIVE_ALTERED",
        message: `archive ${entry.name} (${range}) was altered: ${finding.reason}`,
      });
    }
  }
  // A removal the manifest does not name (the archive and its entry both gone, or no manifest at
  // all): the chain breaks on the first line of a source, which names the seq before it.
  if (broken && problems.length === 0 && (broken.reason === "gap" || broken.reason === "broken_link")) {
    const at = feed.firstLines.find((first) => first.line === broken.line);
    if (at) {
      const found = /found seq (\d+)/.exec(broken.message)?.[1];
      const span = found
        ? `events ${broken.seq}..${Number(found) - 1}`
        : `the events before seq ${broken.seq}`;
      problems.push({
        code: "TRAIL_ARCHIVE_MISSING",
        message: `${span} are not in the trail: ${at.archive ? `the archive before ${at.archive.entry.name}` : "an archive (and its manifest entry)"} was removed, or the records were cut`,
      });
    }
  }
  return { archives, problems };
}

/** SHA-256 (hex) of a file's bytes, for the verified prefix's archive digests. */
export async function fileSha256(path: string): Promise<string | null> {
  const { readFile } = await import("node:fs/promises");
  try {
    return createHash("sha256")
      .update(await readFile(path))
      .digest("hex");
  } catch {
    return null;
  }
}
