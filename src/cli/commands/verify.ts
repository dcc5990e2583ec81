import { repairTrail, trailDir, verifyTrail } from "../../trail/index.js";
import { type CliIO, printJson, println } from "../io.js";

export interface VerifyOptions {
  home: string;
  json?: boolean;
}

export async function runVerify(options: VerifyOptions, io: CliIO): Promise<number> {
  const progress = io.stderr.isTTY && !options.json;
  await repairTrail(trailDir(options.home));
  const result = await verifyTrail(trailDir(options.home), {
    onProgress: progress
      ? (n) => io.stderr.write(`\rverifying… ${n.toLocaleString("en-US")} events`)
      : undefined,
  });
  if (progress) io.stderr.write("\r\x1b[K");
  if (options.json) {
    printJson(
      io,
      result.ok
        ? { ok: true, chain_tip: result.chainTip, event_count: result.eventCount }
        : {
            ok: false,
            chain_tip: result.chainTip,
            event_count: result.eventCount,
            broken: {
              seq: result.broken!.seq,
              line: result.broken!.line,
              reason: result.broken!.reason,
              message: result.broken!.message,
            },
          },
    );
  } else if (result.ok) {
    println(io, `trail ok: ${result.eventCount} events, chain tip ${result.chainTip}`);
  } else {
    const broken = result.broken!;
    io.stderr.write(
      `trailseal: error: trail broken at seq ${broken.seq} (${broken.reason}): ${broken.message}\n`,
    );
    io.stderr.write(
      `trailseal: hint: events 0..${broken.seq - 1} verify; the trail from seq ${broken.seq} on cannot be trusted\n`,
    );
  }
  return result.ok ? 0 : 1;
}
