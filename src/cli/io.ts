import { TrailsealError } from "../errors/index.js";

/** What a command may touch of the outside world; tests pass their own. */
export interface CliIO {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  /** --quiet: no human output on stdout (JSON output and errors stay); set before the action runs. */
  quiet?: boolean;
}

export function processIO(): CliIO {
  // A reader that goes away (`trailseal log | head`) is not an error: stop quietly, as Unix tools do.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(0);
    throw error;
  });
  return { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env };
}

export function println(io: CliIO, text = ""): void {
  if (!io.quiet) io.stdout.write(`${text}\n`);
}

export function printJson(io: CliIO, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Diagnostics and progress go to stderr, so stdout stays clean for pipes. */
export function note(io: CliIO, text: string): void {
  if (!io.quiet) io.stderr.write(`trailseal: ${text}\n`);
}

/** Reads all of stdin, refusing more than `limit` bytes (without buffering past it). */
export async function readStdin(io: CliIO, limit: number): Promise<string> {
  if (io.stdin.isTTY) {
    throw new TrailsealError("CLI_NO_INPUT", "expected input on stdin", {
      hint: 'pipe a JSON action in, e.g. echo \'{"kind":"command","command":"ls"}\' | trailseal record',
    });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of io.stdin) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > limit) {
      throw new TrailsealError("CLI_INPUT_TOO_LARGE", `stdin is larger than ${limit} bytes`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Left-aligned text table for TTY output. `paint` (cell, column, row; never the heading row)
 * may colour a cell: it is applied after the widths are measured, so colour codes never
 * misalign the columns.
 */
export function formatTable(
  rows: string[][],
  paint?: (cell: string, column: number, row: number) => string,
): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, cell.length);
    });
  }
  return rows
    .map((row, r) =>
      row
        .map((cell, i) => {
          const shown = paint && r > 0 ? paint(cell, i, r) : cell;
          return i === row.length - 1 ? shown : shown + " ".repeat(widths[i]! - cell.length);
        })
        .join("  "),
    )
    .join("\n");
}

/** `1 seal`, `2 seals`: a count and its noun as English says it. */
export function counted(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}
