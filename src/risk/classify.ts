/**
 * Action → signals: one entry point for every kind of action (file, command, network, MCP,
 * sub-agent, other). Synchronous; the caller supplies the shell parse function.
 */
import type { Action } from "../action/index.js";
import { analyzeCommandLine, type ShellParse } from "./commands.js";
import { classifyMcp } from "./mcp.js";
import { judgeHttpData } from "./rules/http-data.js";
import { Signals } from "./signals.js";
import { gitConfigTextRead, judgeWrittenContent } from "./written-content.js";

export interface AnalyzeOptions {
  /** The command is a script file's text, read from disk (Signals.inFile). */
  inFile?: boolean;
  /** That script is PowerShell (Signals.powerShellFile). */
  powerShellFile?: boolean;
}

export function analyzeAction(action: Action, parse: ShellParse, options: AnalyzeOptions = {}): Signals {
  const signals = new Signals(action.cwd);
  signals.inFile = options.inFile === true;
  signals.powerShellFile = signals.inFile && options.powerShellFile === true;
  const { score } = signals;
  const target = action.target;
  switch (target.kind) {
    case "file":
      if (!target.path) {
        score.raise(target.op === "search" ? "none" : "medium", "file action without a path");
      } else if (target.op === "read") {
        signals.read(target.path);
      } else if (target.op === "search") {
        // Listing names and matching a pattern: the pattern is text, not a path.
        signals.read(target.path, "searches");
      } else {
        // (git's configuration whose new text is read whole is rated by its keys, not its path)
        signals.write(
          target.path,
          target.op === "delete" ? "deletes" : target.op === "edit" ? "edits" : "writes",
          target.op !== "delete" && gitConfigTextRead(target.path, action.input),
        );
        if (target.op === "delete") score.flag("destructive_command");
        // what the write plants: a key that makes a program run a command later is judged as that command
        else judgeWrittenContent(target.path, action.input, signals, parse, analyzeCommandLine);
      }
      break;
    case "command":
      analyzeCommandLine(target.command, signals, parse);
      break;
    case "network":
      signals.network(target.url, target.method || "GET", "tool");
      // a DELETE or a delete-by-query endpoint is data destroyed, whichever tool sends it
      judgeHttpData("the request", target.method || "GET", [target.url], [], signals);
      break;
    case "mcp": {
      for (const command of classifyMcp(target, signals).slice(0, 64))
        analyzeCommandLine(command, signals, parse);
      break;
    }
    case "agent":
      score.raise("low", "delegates work to a sub-agent (its own tool calls are judged one by one)");
      break;
    case "other":
      if (/^web search/.test(target.description)) score.raise("low", "web search", "network_request");
      else score.raise("low", `tool ${action.tool}`);
      break;
  }
  return signals;
}
