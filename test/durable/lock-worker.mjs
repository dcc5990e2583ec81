// A separate process for test/durable/lock.int.test.ts, using the built lock (dist/durable).
// Usage: node lock-worker.mjs <mode> <dir> <options JSON> [count]
//   count: `count` times, under the lock, increment <dir>/counter
//   hold:  take the lock, print "held", keep it until killed
//   once:  print "waiting", take the lock, hold it a few ms, release, print "done"
//   refresh: take the lock, keep it `count` ms (many refreshes), release, print {"lost": code|null}
// In every critical section the marker <dir>/in-lock is created with O_EXCL and removed before
// release: a second holder at the same time fails to create it and the process exits non-zero.
import { closeSync, openSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { acquireLock, withDirLock } from "../../dist/durable/index.js";

const [mode, dir, optionsJson, countArg] = process.argv.slice(2);
const options = JSON.parse(optionsJson);
if (options.pauseOnStaleMs) {
  // Stall between seeing a stale lock and removing it, so that waiters collide there.
  const cell = new Int32Array(new SharedArrayBuffer(4));
  options.onStale = () => Atomics.wait(cell, 0, 0, options.pauseOnStaleMs);
}
const marker = join(dir, "in-lock");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const enter = () => closeSync(openSync(marker, "wx"));
const leave = () => unlinkSync(marker);

if (mode === "count") {
  const counter = join(dir, "counter");
  for (let i = 0; i < Number(countArg); i += 1) {
    await withDirLock(
      dir,
      async () => {
        enter();
        const n = Number(readFileSync(counter, "utf8"));
        await sleep(0); // let the event loop (and other processes) run inside the section
        writeFileSync(counter, String(n + 1));
        leave();
      },
      options,
    );
  }
} else if (mode === "hold") {
  await acquireLock(join(dir, ".lock"), options);
  process.stdout.write("held\n");
  setInterval(() => undefined, 60_000);
} else if (mode === "once") {
  process.stdout.write("waiting\n");
  const lock = await acquireLock(join(dir, ".lock"), options);
  enter();
  await sleep(10);
  leave();
  await lock.release();
  process.stdout.write("done\n");
} else if (mode === "refresh") {
  // Hold the lock across many refresh intervals (a third of staleMs), then report whether it was lost.
  const lock = await acquireLock(join(dir, ".lock"), options);
  await sleep(Number(countArg));
  const lost = lock.lost();
  await lock.release();
  process.stdout.write(`${JSON.stringify({ lost: lost === null ? null : (lost.code ?? String(lost)) })}\n`);
} else {
  throw new Error(`unknown mode ${mode}`);
}
