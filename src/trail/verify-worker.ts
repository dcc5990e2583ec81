/**
 * Worker thread entry of parallel trail verification (bundled as dist/trail/verify-worker.js):
 * verifies the byte ranges it is sent, reading each from disk itself, and answers with a small
 * summary per range (no trail data crosses the thread boundary).
 */
import { parentPort, workerData } from "node:worker_threads";
import { type TrailRange, verifyRange } from "./verify-ranges.js";

interface Task extends TrailRange {
  id: number;
}

const tipsAt = (workerData as { tipsAt: number[] }).tipsAt;
const port = parentPort;
if (port) {
  port.on("message", (task: Task) => {
    verifyRange(task, tipsAt).then(
      (summary) => port.postMessage({ id: task.id, summary }),
      (error: NodeJS.ErrnoException) =>
        port.postMessage({ id: task.id, error: { message: String(error?.message), code: error?.code } }),
    );
  });
}
