import { TrailsealError } from "../../errors/index.js";
import { loadSealKey } from "../../home/index.js";
import { checkEventValue } from "../../redact/index.js";
import { assertTrailExists, readEvents, trailDir } from "../../trail/index.js";
import { type CliIO, printJson, println, readStdin } from "../io.js";

export interface RedactCheckOptions {
  home: string;
  seq: number;
  json?: boolean;
}

/**
 * `trailseal redact check <value> --seq N`: does a marker in event N commit to `value`?
 * Exit 0 when one does, 1 when none does. The value is never printed. `-` reads it from stdin
 * (keeps it out of the shell history and the process list).
 */
export async function runRedactCheck(value: string, options: RedactCheckOptions, io: CliIO): Promise<number> {
  const suspected = value === "-" ? (await readStdin(io, 1 << 20)).replace(/\r?\n$/, "") : value;
  const dir = trailDir(options.home);
  await assertTrailExists(dir);
  let event: unknown;
  for await (const candidate of readEvents(dir)) {
    if (candidate.seq === options.seq) {
      event = candidate;
      break;
    }
  }
  if (event === undefined) {
    throw new TrailsealError("REDACT_EVENT_NOT_FOUND", `the trail has no event with seq ${options.seq}`, {
      hint: "`trailseal log` lists the events and their seq",
    });
  }
  const { key } = await loadSealKey(options.home, io.env);
  const result = checkEventValue(event, key, suspected);
  if (options.json) {
    printJson(io, { seq: options.seq, matched: result.matched, markers: result.markers });
  } else if (result.markers.length === 0) {
    println(io, `event ${options.seq} holds no redaction marker`);
  } else {
    for (const marker of result.markers) {
      println(io, `${marker.matches ? "match   " : "no match"} ${marker.kind} at ${marker.path}`);
    }
    println(io, result.matched ? "the value is the one that was redacted" : "the value matches no marker");
  }
  return result.matched ? 0 : 1;
}
