// A minimal MCP stdio server (JSON-RPC 2.0, one message per line) with one tool, `query`.
// Every tools/call is appended to the file named by MCP_CALL_LOG, so a test can tell
// whether the agent really ran the tool.
import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";

const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
createInterface({ input: process.stdin }).on("line", (line) => {
  let request;
  try {
    request = JSON.parse(line);
  } catch {
    return;
  }
  if (request.id === undefined) return; // notifications
  switch (request.method) {
    case "initialize":
      return send({
        id: request.id,
        result: {
          protocolVersion: request.params?.protocolVersion ?? "2025-06-18",
          capabilities: { tools: {} },
          serverInfo: { name: "pg", version: "1.0.0" },
        },
      });
    case "tools/list":
      return send({
        id: request.id,
        result: {
          tools: [
            {
              name: "query",
              description: "run SQL",
              inputSchema: { type: "object", properties: { sql: { type: "string" } }, required: ["sql"] },
            },
          ],
        },
      });
    case "tools/call":
      appendFileSync(process.env.MCP_CALL_LOG, `${JSON.stringify(request.params)}\n`);
      return send({ id: request.id, result: { content: [{ type: "text", text: "1 row" }] } });
    default:
      return send({ id: request.id, result: {} });
  }
});
