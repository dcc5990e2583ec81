import { afterEach } from "vitest";
import {
  openFileStorage,
  type RunningWitnessServer,
  type StartWitnessServerOptions,
  startWitnessServer,
} from "../../../src/witness/server/index.js";
import { tempDir } from "../../helpers/cli.js";

/**
 * Reference witness servers for a test file: call once at the top level; the returned
 * `start(options)` serves a fresh file store in a temporary directory (or `options.storage` when
 * given) on 127.0.0.1, and every server it started is closed, and its directory removed, after
 * each test.
 */
export function witnessServers(): (
  options?: Partial<StartWitnessServerOptions>,
) => Promise<RunningWitnessServer> {
  const running: { server: RunningWitnessServer; cleanup: () => Promise<void> }[] = [];
  afterEach(async () => {
    for (const { server, cleanup } of running.splice(0)) {
      await server.close();
      await cleanup();
    }
  });
  return async (options = {}) => {
    if (options.storage) {
      const server = await startWitnessServer({ ...options, storage: options.storage });
      running.push({ server, cleanup: async () => undefined });
      return server;
    }
    const { dir, cleanup } = await tempDir("trailseal-witness-");
    const server = await startWitnessServer({ storage: await openFileStorage(dir), ...options });
    running.push({ server, cleanup });
    return server;
  };
}
