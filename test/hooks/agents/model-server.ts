/**
 * A scripted Anthropic Messages API on 127.0.0.1 for driving the real Claude Code binary
 * (ANTHROPIC_BASE_URL). A request that offers tools gets the next scripted tool_use while one
 * is queued (a session may run several, each after the other's tool_result); then a closing text
 * turn; anything else (title generation, side queries) a short text. Responses stream as SSE when asked, the way
 * the API does (message_start, content_block_*, message_delta, message_stop).
 */
import { serveScriptedApi } from "./scripted-api.js";

export interface ToolUse {
  name: string;
  input: Record<string, unknown>;
}

export interface ToolResult {
  tool_use_id: string;
  content: unknown;
  is_error?: boolean;
}

export interface ModelServer {
  url: string;
  /** The tool call answered to the next prompt. */
  script(toolUse: ToolUse): void;
  /** Tool results the agent sent back, in order. */
  results: ToolResult[];
  /** The names of the tools the agent offered the model (last request that had any). */
  toolNames: string[];
  close(): Promise<void>;
}

type Block = { type: "text"; text: string } | { type: "tool_use"; id: string; name: string; input: unknown };

function sse(blocks: Block[], stopReason: string): string {
  const events: [string, unknown][] = [
    [
      "message_start",
      {
        type: "message_start",
        message: {
          id: `msg_${Date.now()}`,
          type: "message",
          role: "assistant",
          model: "claude-sonnet-4-5",
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 10, output_tokens: 1 },
        },
      },
    ],
  ];
  blocks.forEach((block, index) => {
    if (block.type === "text") {
      events.push([
        "content_block_start",
        { type: "content_block_start", index, content_block: { type: "text", text: "" } },
      ]);
      events.push([
        "content_block_delta",
        { type: "content_block_delta", index, delta: { type: "text_delta", text: block.text } },
      ]);
    } else {
      events.push([
        "content_block_start",
        {
          type: "content_block_start",
          index,
          content_block: { type: "tool_use", id: block.id, name: block.name, input: {} },
        },
      ]);
      events.push([
        "content_block_delta",
        {
          type: "content_block_delta",
          index,
          delta: { type: "input_json_delta", partial_json: JSON.stringify(block.input) },
        },
      ]);
    }
    events.push(["content_block_stop", { type: "content_block_stop", index }]);
  });
  events.push([
    "message_delta",
    {
      type: "message_delta",
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: 5 },
    },
  ]);
  events.push(["message_stop", { type: "message_stop" }]);
  return events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join("");
}

export async function startModelServer(): Promise<ModelServer> {
  const queue: ToolUse[] = [];
  const results: ToolResult[] = [];
  const toolNames: string[] = [];
  let counter = 0;
  const server = await serveScriptedApi((request, body, response) => {
    if (!request.url?.startsWith("/v1/messages") || request.url.includes("count_tokens")) {
      response.writeHead(request.url?.includes("count_tokens") ? 200 : 404, {
        "content-type": "application/json",
      });
      response.end(JSON.stringify({ input_tokens: 10 }));
      return;
    }
    const parsed = JSON.parse(body || "{}") as {
      stream?: boolean;
      tools?: unknown[];
      messages?: { role: string; content: unknown }[];
    };
    if ((parsed.tools?.length ?? 0) > 0)
      toolNames.splice(
        0,
        toolNames.length,
        ...parsed.tools!.map((tool) => String((tool as { name?: unknown }).name)),
      );
    const last = parsed.messages?.at(-1);
    const content = Array.isArray(last?.content) ? (last.content as Record<string, unknown>[]) : [];
    const toolResults = content.filter((block) => block.type === "tool_result") as unknown as ToolResult[];
    let blocks: Block[];
    let stop = "end_turn";
    results.push(...toolResults);
    if ((parsed.tools?.length ?? 0) > 0 && queue.length > 0) {
      const next = queue.shift()!;
      counter += 1;
      blocks = [
        {
          type: "tool_use",
          id: `toolu_${String(counter).padStart(4, "0")}`,
          name: next.name,
          input: next.input,
        },
      ];
      stop = "tool_use";
    } else {
      blocks = [{ type: "text", text: toolResults.length > 0 ? "done" : "ok" }];
    }
    if (parsed.stream) {
      response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      response.end(sse(blocks, stop));
    } else {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          id: "msg_x",
          type: "message",
          role: "assistant",
          model: "claude-sonnet-4-5",
          content: blocks,
          stop_reason: stop,
          stop_sequence: null,
          usage: { input_tokens: 10, output_tokens: 5 },
        }),
      );
    }
  });
  return {
    url: server.url,
    script: (toolUse) => queue.push(toolUse),
    results,
    toolNames,
    close: server.close,
  };
}
