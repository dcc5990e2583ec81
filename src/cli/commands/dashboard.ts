import { spawn } from "node:child_process";
import { waitForStopSignal } from "../../stop-signal/index.js";
import { type CliIO, note, printJson, println } from "../io.js";

export interface DashboardOptions {
  home: string;
  port: number;
  host: string;
  token?: string;
  open?: boolean;
  json?: boolean;
}

/** Opens a URL with the platform's opener; the URL is an argument, never shell text. */
function openBrowser(url: string): void {
  const [cmd, args] =
    process.platform === "darwin"
      ? ["open", [url]]
      : process.platform === "win32"
        ? ["explorer.exe", [url]]
        : ["xdg-open", [url]];
  try {
    const child = spawn(cmd, args, { stdio: "ignore", detached: true });
    child.on("error", () => {});
    child.unref();
  } catch {
    // no opener: the URL is printed anyway
  }
}

/** Serves the dashboard until SIGINT or SIGTERM. */
export async function runDashboard(options: DashboardOptions, io: CliIO): Promise<number> {
  const { startDashboard } = await import("../../dashboard/index.js");
  const token = options.token ?? (io.env.TRAILSEAL_DASHBOARD_TOKEN || undefined);
  const running = await startDashboard({
    home: options.home,
    host: options.host,
    port: options.port,
    token,
    env: io.env,
  });
  if (options.json) printJson(io, { url: running.url, host: running.host, port: running.port });
  else println(io, `trailseal dashboard at ${running.url}`);
  if (token !== undefined)
    note(io, "the dashboard asks for its token on first load (or send Authorization: Bearer)");
  // The token is not put in the opened URL: it would sit in the process list and browser history.
  if (options.open) openBrowser(running.url);
  await waitForStopSignal();
  await running.close();
  return 0;
}
