import { type ArchiveStep, archiveHome } from "../../archive/index.js";
import { assertTrailExists, trailDir } from "../../trail/index.js";
import { type CliIO, printJson, println } from "../io.js";

export interface ArchiveCommandOptions {
  home: string;
  window?: string;
  json?: boolean;
  now?: Date;
}

/**
 * For the crash tests only: `TRAILSEAL_TEST_ARCHIVE_PAUSE=<step>` makes the run say so on stderr
 * after that step and wait there forever, so a test can kill -9 the process at that exact point.
 */
function pauseAt(io: CliIO): ((step: ArchiveStep) => Promise<void>) | undefined {
  const at = io.env.TRAILSEAL_TEST_ARCHIVE_PAUSE;
  if (!at) return undefined;
  return async (step) => {
    if (step !== at) return;
    io.stderr.write(`trailseal: paused after ${step}\n`);
    await new Promise<void>(() => {
      setInterval(() => undefined, 1 << 30);
    });
  };
}

/** `trailseal archive`: moves the trail's lines older than the working window into an archive. */
export async function runArchive(options: ArchiveCommandOptions, io: CliIO): Promise<number> {
  await assertTrailExists(trailDir(options.home));
  const result = await archiveHome(options.home, {
    ...(options.window ? { window: options.window } : {}),
    ...(options.now ? { now: options.now } : {}),
    onStep: pauseAt(io),
  });
  if (options.json) {
    printJson(io, result);
    return 0;
  }
  if (result.finished) println(io, "finished an archive run that was interrupted");
  const archive = result.archive;
  if (!archive) {
    println(
      io,
      `nothing to archive: no event before ${result.cutoff} (window ${result.window}) but the last`,
    );
    return 0;
  }
  println(
    io,
    `archived events ${archive.first_seq}..${archive.first_seq + archive.count - 1} (${archive.first_ts} to ${archive.last_ts}) into ${archive.name}.jsonl.gz with ${archive.seals.length} seal(s)`,
  );
  return 0;
}
