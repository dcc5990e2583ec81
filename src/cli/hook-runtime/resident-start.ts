/**
 * Starting the home's resident hook server (docs/decisions/hook-resident.md), from the in-process
 * path once the call is answered. Apart from the client, which never needs node:child_process.
 */
/** Starts the home's server, detached, for the calls after this one. */
export async function startServer(bundleDir: string, home: string, env: NodeJS.ProcessEnv): Promise<void> {
  try {
    // Only this path needs child_process (and node:module would bring the ES module loader):
    // loaded here, not at every start.
    const { spawn } = await import("node:child_process");
    const child = spawn(process.execPath, [`${bundleDir}/hook-server.cjs`, home], {
      detached: true,
      stdio: "ignore",
      env,
      cwd: home,
    });
    child.on("error", () => undefined);
    child.unref();
  } catch {
    // The next call judges in-process again and tries again.
  }
}
