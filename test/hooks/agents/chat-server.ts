/**
 * A scripted OpenAI Chat Completions API on 127.0.0.1 (OpenAI-compatible providers: the Cline
 * CLI, Copilot CLI). A request that offers tools gets the next scripted tool call while one is
 * queued (a session may run several, each after the other's result); then a closing message.
 * Streams as SSE chunks ending in [DONE].
 * A call with `custom` text is a freeform tool call (`type: "custom"`, as for Copilot CLI's
 * apply_patch).
 */
import { serveScriptedApi } from "./scripted-api.js";

export interface ChatToolCall {
  name: string;
  arguments?: Record<string, unknown>;
  /** The input of a freeform (custom) tool. */
  custom?: string;
}

export interface ChatServer {
  url: string;
  script(call: ChatToolCall): void;
  /** Tool results the agent sent back (their content), in order. */
  results: unknown[];
  close(): Promise<void>;
}

export async function startChatServer(): Promise<ChatServer> {
  const queue: ChatToolCall[] = [];
  const results: unknown[] = [];
  let counter = 0;
  const server = await serveScriptedApi((request, body, response) => {
    if (!request.url?.endsWith("/chat/completions")) {
      response.writeHead(404, { "content-type": "application/json" });
      response.end("{}");
      return;
    }
    const parsed = JSON.parse(body || "{}") as {
      tools?: unknown[];
      messages?: { role: string; content: unknown }[];
    };
    const last = parsed.messages?.at(-1);
    counter += 1;
    const base = { id: `chatcmpl-${counter}`, object: "chat.completion.chunk", created: 1, model: "mock" };
    const chunks: unknown[] = [];
    if (last?.role === "tool") results.push(last.content);
    if ((parsed.tools?.length ?? 0) > 0 && queue.length > 0) {
      const next = queue.shift()!;
      const call =
        next.custom !== undefined
          ? {
              index: 0,
              id: `call_${counter}`,
              type: "custom",
              custom: { name: next.name, input: next.custom },
            }
          : {
              index: 0,
              id: `call_${counter}`,
              type: "function",
              function: { name: next.name, arguments: JSON.stringify(next.arguments ?? {}) },
            };
      chunks.push({
        ...base,
        choices: [{ index: 0, delta: { role: "assistant", tool_calls: [call] }, finish_reason: null }],
      });
      chunks.push({ ...base, choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] });
    } else {
      chunks.push({
        ...base,
        choices: [{ index: 0, delta: { role: "assistant", content: "done" }, finish_reason: null }],
      });
      chunks.push({ ...base, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] });
    }
    chunks.push({
      ...base,
      choices: [],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
    response.writeHead(200, { "content-type": "text/event-stream" });
    response.end(`${chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join("")}data: [DONE]\n\n`);
  });
  return {
    url: `${server.url}/v1`,
    script: (call) => queue.push(call),
    results,
    close: server.close,
  };
}
