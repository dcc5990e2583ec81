/**
 * A scripted OpenAI Responses API on 127.0.0.1 for driving the real Codex CLI (a custom
 * model provider with `wire_api = "responses"`). Each request gets the next scripted function
 * call while one is queued (a session may run several, each after the other's output); then a
 * closing message. Responses stream as SSE (response.created, response.output_item.done,
 * response.completed), as the API does.
 */
import { serveScriptedApi } from "./scripted-api.js";

export interface FunctionCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface ResponsesServer {
  url: string;
  script(call: FunctionCall): void;
  /** function_call_output items the agent sent back, in order. */
  outputs: { call_id: string; output: unknown }[];
  close(): Promise<void>;
}

export async function startResponsesServer(): Promise<ResponsesServer> {
  const queue: FunctionCall[] = [];
  const outputs: ResponsesServer["outputs"] = [];
  let counter = 0;
  const server = await serveScriptedApi((request, body, response) => {
    if (!request.url?.endsWith("/responses")) {
      response.writeHead(404, { "content-type": "application/json" });
      response.end("{}");
      return;
    }
    const parsed = JSON.parse(body || "{}") as { input?: Record<string, unknown>[] };
    const last = parsed.input?.at(-1);
    counter += 1;
    const id = `resp_${counter}`;
    let item: Record<string, unknown>;
    if (last?.type === "function_call_output") outputs.push(last as ResponsesServer["outputs"][number]);
    if (queue.length === 0) {
      item = {
        type: "message",
        role: "assistant",
        id: `msg_${counter}`,
        content: [{ type: "output_text", text: "done" }],
      };
    } else {
      const next = queue.shift()!;
      item = {
        type: "function_call",
        id: `fc_${counter}`,
        call_id: `call_${counter}`,
        name: next.name,
        arguments: JSON.stringify(next.arguments),
      };
    }
    const events = [
      { type: "response.created", response: { id } },
      { type: "response.output_item.done", output_index: 0, item },
      {
        type: "response.completed",
        response: { id, usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } },
      },
    ];
    response.writeHead(200, { "content-type": "text/event-stream" });
    response.end(events.map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join(""));
  });
  return {
    url: `${server.url}/v1`,
    script: (call) => queue.push(call),
    outputs,
    close: server.close,
  };
}
