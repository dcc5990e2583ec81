import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { initHome } from "../../../src/home/index.js";
import { appendSeal, createSeal, readSeals, type StoredSeal } from "../../../src/seal/index.js";
import {
  openFileStorage,
  type RunningWitnessServer,
  startWitnessServer,
} from "../../../src/witness/server/index.js";
import { tempDir } from "../../helpers/cli.js";

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/** A bare HTTP server with a custom handler: for witnesses that misbehave on purpose. */
export async function startRawServer(handler: Handler): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => handler(req, res, Buffer.concat(chunks).toString("utf8")));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL on which nothing listens: a server started and closed again. */
export async function deadUrl(): Promise<string> {
  const dead = await startRawServer(() => undefined);
  await dead.close();
  return dead.url;
}

export async function startRealWitness(
  tokens: string[] = [],
): Promise<{ server: RunningWitnessServer; close(): Promise<void> }> {
  const { dir, cleanup } = await tempDir("trailseal-witness-");
  const server = await startWitnessServer({ storage: await openFileStorage(dir), tokens });
  return {
    server,
    close: async () => {
      await server.close();
      await cleanup();
    },
  };
}

/** A home with one seal over an empty trail. */
export async function homeWithSeal(): Promise<{
  home: string;
  stored: StoredSeal;
  cleanup(): Promise<void>;
}> {
  const { dir: home, cleanup } = await tempDir("trailseal-home-");
  await initHome(home);
  const stored = await appendSeal(
    `${home}/seals`,
    createSeal(
      { keyId: "ts-test", key: Buffer.alloc(32, 9) },
      `sha256:${"c".repeat(64)}`,
      5,
      new Date().toISOString(),
    ),
  );
  return { home, stored, cleanup };
}

export async function reload(home: string, id: string): Promise<StoredSeal> {
  return (await readSeals(`${home}/seals`)).find((stored) => stored.id === id)!;
}
