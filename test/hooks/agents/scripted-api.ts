/**
 * The HTTP part every scripted model API here shares: a server on a 127.0.0.1 ephemeral port
 * that hands each request to `answer` once its whole body has arrived.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { type LoopbackServer, startLoopbackServer } from "../../helpers/loopback.js";

export function serveScriptedApi(
  answer: (request: IncomingMessage, body: string, response: ServerResponse) => void,
): Promise<LoopbackServer> {
  return startLoopbackServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => answer(request, body, response));
  });
}
