/**
 * The JSON Lines sink: records written to a temporary file beside the output, fsync'd and
 * renamed over it at the end (a reader never sees half an export), or to stdout for `-`.
 */
import { type FileHandle, open, rename, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { fsyncDir, syncHandle } from "../durable/index.js";
import type { ExportRecord } from "./records.js";
import type { ExportSink } from "./sink.js";

const FLUSH_AT = 1 << 20;

/**
 * An event record is written with the trail line spliced in as `event`, byte for byte: the
 * canonical JSON the hash was computed over, not a re-serialization of it.
 */
export function serializeRecord(record: ExportRecord, line?: string): string {
  if (record.type === "event" && line !== undefined) {
    return `{"type":"event","seal":${JSON.stringify(record.seal)},"event":${line}}\n`;
  }
  return `${JSON.stringify(record)}\n`;
}

export async function openJsonlSink(output: string, stdout: NodeJS.WritableStream): Promise<ExportSink> {
  let handle: FileHandle | null = null;
  let temp = "";
  if (output !== "-") {
    temp = join(dirname(output), `.${basename(output)}.tmp-${process.pid}`);
    handle = await open(temp, "w", 0o600);
  }
  let buffer: string[] = [];
  let size = 0;
  const flush = async () => {
    if (buffer.length === 0) return;
    const text = buffer.join("");
    buffer = [];
    size = 0;
    if (handle) await handle.writeFile(text);
    else if (!stdout.write(text)) await new Promise((resolve) => stdout.once("drain", resolve));
  };
  return {
    async write(record, line) {
      const text = serializeRecord(record, line);
      buffer.push(text);
      size += text.length;
      if (size >= FLUSH_AT) await flush();
    },
    async close() {
      await flush();
      if (!handle) return;
      await syncHandle(handle);
      await handle.close();
      await rename(temp, output);
      await fsyncDir(dirname(output));
    },
    async abort() {
      if (!handle) return;
      await handle.close().catch(() => undefined);
      await unlink(temp).catch(() => undefined);
    },
  };
}
