/**
 * The walk from a tree-sitter-bash syntax tree to the simple commands of shell-model.ts:
 * pipelines, lists, subshells, groups, loops (a `for` over literal words once per value),
 * functions, `$(…)`, backticks, `<(…)`, redirections (words bash reads as arguments after
 * one included), heredocs (their bodies are data, except the substitutions an unquoted heredoc
 * runs) and herestrings. Both backends' trees are walked the same way, through `SyntaxNode`.
 */
import type { ShellGrammar, SyntaxNode } from "./shell-grammar.js";
import type { Redirect, ShellCommand, ShellScript, Word } from "./shell-model.js";
import { decodeAnsiC, unescapeDouble, unescapeWord } from "./shell-quoting.js";

type Node = SyntaxNode;

/** Deeper syntax than this (nested substitutions, say) is refused as unreadable. */
const MAX_DEPTH = 200;

export function walkTree(backend: ShellGrammar, text: string): ShellScript {
  const script = backend.withTree(text, (root) => {
    const walker = new Walker();
    try {
      walker.walk(root, null, 0);
    } catch (error) {
      // A backstop: the walk is bounded by MAX_DEPTH, but a stack overflow must never become
      // the verdict (a hook that throws denies with a message that says nothing).
      if (!(error instanceof RangeError)) throw error;
      return { commands: walker.commands, error: true, tooDeep: true };
    }
    return {
      commands: walker.commands,
      error: root.hasError || walker.tooDeep,
      ...(walker.tooDeep ? { tooDeep: true } : {}),
    };
  });
  return script ?? { commands: [], error: true };
}

interface PipeSlot {
  pipeline: number;
  position: number;
  length: number;
}

const REDIRECTS = new Set(["file_redirect", "heredoc_redirect", "herestring_redirect"]);

class Walker {
  readonly commands: ShellCommand[] = [];
  tooDeep = false;
  private pipelines = 0;
  private loopCopies = 0;
  private functionName: string | null = null;

  walk(node: Node, slot: PipeSlot | null, depth: number): void {
    if (depth > MAX_DEPTH) {
      this.tooDeep = true;
      return;
    }
    switch (node.type) {
      case "command":
        this.command(node, [], slot, depth);
        return;
      case "declaration_command":
      case "unset_command":
        this.declaration(node, slot, depth);
        return;
      case "variable_assignment":
      case "variable_assignments":
        this.bareAssignments(node, slot, depth);
        return;
      case "pipeline":
        this.pipeline(this.flattenPipeline(node), depth);
        return;
      case "redirected_statement":
        this.redirected(node, slot, depth);
        return;
      case "heredoc_body":
        // Data, except what an unquoted heredoc expands: its substitutions run.
        for (const child of node.namedChildren) if (child) this.walkSubstitutions(child, depth + 1);
        return;
      case "comment":
        return;
      case "function_definition": {
        // the body's commands are listed (a definition may be called) and remember their function
        const saved = this.functionName;
        this.functionName = node.namedChildren.find((child) => child?.type === "word")?.text ?? saved;
        for (const child of node.namedChildren) if (child) this.walk(child, slot, depth + 1);
        this.functionName = saved;
        return;
      }
      case "file_redirect":
        // A redirection with no command: `$(< .env)` reads the file, `$(> /etc/x)` empties it.
        this.command(null, [node], slot, depth);
        return;
      case "for_statement":
        if (this.literalLoop(node, slot, depth)) return;
        for (const child of node.namedChildren) if (child) this.walk(child, slot, depth + 1);
        return;
      default:
        for (const child of node.namedChildren) if (child) this.walk(child, slot, depth + 1);
    }
  }

  /**
   * `for d in build /; do rm -rf $d; done` over literal words: the body is listed once per
   * value, after a bare assignment of it, so that the value reaches the body's commands
   * (followed like any literal assignment). Up to 8 values; otherwise the body is walked once.
   */
  private literalLoop(node: Node, slot: PipeSlot | null, depth: number): boolean {
    const children = node.namedChildren.filter((child): child is Node => child !== null);
    const variable = children[0];
    const body = children.at(-1);
    const values = children.slice(1, -1);
    if (variable?.type !== "variable_name" || body?.type !== "do_group" || values.length === 0) return false;
    const words = values.map((value) => this.word(value, depth));
    // The copies are bounded for the whole line: nested loops must not multiply the work.
    if (words.length > 8 || words.some((word) => word.dynamic) || this.loopCopies + words.length > 32)
      return false;
    this.loopCopies += words.length;
    for (const word of words) {
      this.emit([], [`${variable.text}=${word.value}`], [], null, null);
      this.walk(body, slot, depth + 1);
    }
    return true;
  }

  /** The stages of a pipeline nested as tree-sitter nests them, in order (iterative: a line of 100,000 `|` is deep). */
  private flattenPipeline(node: Node): Node[] {
    const parts: Node[] = [];
    const pending: Node[] = [node];
    while (pending.length > 0) {
      const current = pending.pop()!;
      if (current.type !== "pipeline") {
        parts.push(current);
        continue;
      }
      const children = current.namedChildren.filter((child): child is Node => child !== null);
      for (let i = children.length - 1; i >= 0; i -= 1) pending.push(children[i]!);
    }
    return parts;
  }

  private pipeline(parts: Node[], depth: number): void {
    const pipeline = this.pipelines++;
    parts.forEach((part, position) => {
      this.walk(part, { pipeline, position, length: parts.length }, depth + 1);
    });
  }

  private walkSubstitutions(node: Node, depth: number): void {
    if (node.type === "command_substitution" || node.type === "process_substitution") {
      this.walk(node, null, depth);
      return;
    }
    for (const child of node.namedChildren) if (child) this.walkSubstitutions(child, depth + 1);
  }

  private redirected(node: Node, slot: PipeSlot | null, depth: number): void {
    const redirects: Node[] = [];
    let body: Node | null = null;
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (REDIRECTS.has(child.type)) redirects.push(child);
      else body ??= child;
    }
    // tree-sitter-bash hangs the rest of a line that starts with a heredoc (`cat <<EOF | psql`)
    // under the heredoc node: a pipeline there continues the body's pipeline.
    const continuation: Node[] = [];
    const extra: Node[] = [];
    const nested: Node[] = [];
    for (const redirect of redirects) {
      if (redirect.type !== "heredoc_redirect") continue;
      for (const child of redirect.namedChildren) {
        if (!child || /^heredoc_(start|body|end)$/.test(child.type)) continue;
        // `cat <<EOF > file`: the redirection joins the others (it is not a command of its own)
        if (REDIRECTS.has(child.type)) nested.push(child);
        else if (child.type === "pipeline") continuation.push(...this.flattenPipeline(child));
        else extra.push(child);
      }
    }
    redirects.push(...nested);
    if (continuation.length > 0 && body && slot === null) {
      const pipeline = this.pipelines++;
      const length = continuation.length + 1;
      this.statementWithRedirects(body, redirects, { pipeline, position: 0, length }, depth);
      continuation.forEach((part, index) => {
        this.walk(part, { pipeline, position: index + 1, length }, depth + 1);
      });
    } else {
      if (body) this.statementWithRedirects(body, redirects, slot, depth);
      else this.command(null, redirects, slot, depth);
      for (const part of continuation) this.walk(part, null, depth + 1);
    }
    for (const part of extra) this.walk(part, null, depth + 1);
  }

  private statementWithRedirects(body: Node, redirects: Node[], slot: PipeSlot | null, depth: number): void {
    if (body.type === "command") {
      this.command(body, redirects, slot, depth);
      return;
    }
    const before = this.commands.length;
    this.walk(body, slot, depth + 1);
    // `a | b 2>&1`, `a && b > f`: tree-sitter hangs the redirection on the pipeline or list, the shell applies it to
    // the last command. A compound statement (`while …; done > file`) keeps it on its own.
    const last = this.commands.at(-1);
    if (
      (body.type === "pipeline" || body.type === "list") &&
      last &&
      this.commands.length > before &&
      last.words.length > 0
    ) {
      const parsed = this.command(null, redirects, slot, depth, true);
      if (parsed) {
        last.redirects.push(...parsed.redirects);
        if (parsed.stdinText !== null) last.stdinText = parsed.stdinText;
      }
      return;
    }
    this.command(null, redirects, slot, depth);
  }

  private emit(
    words: Word[],
    assignments: string[],
    redirects: Redirect[],
    stdinText: string | null,
    slot: PipeSlot | null,
  ) {
    const own = slot ?? { pipeline: this.pipelines++, position: 0, length: 1 };
    this.commands.push({
      words,
      assignments,
      redirects,
      stdinText,
      pipeline: own.pipeline,
      position: own.position,
      pipelineLength: own.length,
      ...(this.functionName ? { functionName: this.functionName } : {}),
    });
  }

  private command(
    node: Node | null,
    extraRedirects: Node[],
    slot: PipeSlot | null,
    depth: number,
    dryRun = false,
  ): { redirects: Redirect[]; stdinText: string | null } | null {
    const words: Word[] = [];
    const assignments: string[] = [];
    const redirectNodes = [...extraRedirects];
    if (node) {
      for (const child of node.namedChildren) {
        if (!child) continue;
        if (child.type === "variable_assignment") {
          assignments.push(this.word(child, depth).value);
        } else if (REDIRECTS.has(child.type)) {
          redirectNodes.push(child);
        } else if (child.type === "subshell" || child.type === "compound_statement") {
          // `time (rm -rf /)`: the grammar hangs the subshell on `time`; its commands run
          this.walk(child, null, depth + 1);
        } else if (child.type === "command_name") {
          const inner = child.namedChildren[0];
          words.push(inner ? this.word(inner, depth) : { value: child.text, dynamic: false, inner: [] });
        } else if (child.type !== "comment") {
          words.push(this.word(child, depth));
        }
      }
    }
    const redirects: Redirect[] = [];
    let stdinText: string | null = null;
    for (const redirect of redirectNodes) {
      if (redirect.type === "heredoc_redirect") {
        const bodyNode = redirect.namedChildren.find((child) => child?.type === "heredoc_body");
        stdinText = bodyNode?.text ?? "";
        if (bodyNode) this.walk(bodyNode, null, depth + 1);
      } else if (redirect.type === "herestring_redirect") {
        const target = redirect.namedChildren[0];
        stdinText = target ? this.word(target, depth).value : "";
      } else {
        const parsed = this.fileRedirect(redirect, depth);
        redirects.push(parsed.redirect);
        words.push(...parsed.words);
      }
    }
    if (dryRun) return { redirects, stdinText };
    if (words.length === 0 && assignments.length === 0 && redirects.length === 0) return null;
    this.emit(words, assignments, redirects, stdinText, slot);
    return null;
  }

  /**
   * A file redirection and the words tree-sitter-bash hung on it: it reads everything after a
   * redirection's target as more destinations (`rm >/dev/null -rf /`, `git 2>&1 reset --hard`),
   * where bash reads them as arguments of the command. Those come back as `words`.
   */
  private fileRedirect(node: Node, depth: number): { redirect: Redirect; words: Word[] } {
    let op = "";
    let target: Word | null = null;
    const words: Word[] = [];
    for (const child of node.children) {
      if (!child) continue;
      if (!child.isNamed) op += child.type;
      // The first destination: tree-sitter-bash folds `>& file 0>&1` into one redirect with a
      // second destination (`0`), which as the target hid the file (`>& /dev/tcp/h/p`).
      else if (child.type !== "file_descriptor" && target === null) target = this.word(child, depth);
      else if (child.type !== "file_descriptor" && child.type !== "number")
        words.push(this.word(child, depth));
    }
    return { redirect: { op, target }, words };
  }

  private declaration(node: Node, slot: PipeSlot | null, depth: number): void {
    const keyword = node.children[0]?.type ?? "declare";
    const words: Word[] = [{ value: keyword, dynamic: false, inner: [] }];
    for (const child of node.namedChildren) if (child) words.push(this.word(child, depth));
    this.emit(words, [], [], null, slot);
  }

  private bareAssignments(node: Node, slot: PipeSlot | null, depth: number): void {
    const list = node.type === "variable_assignment" ? [node] : node.namedChildren;
    const assignments = list.flatMap((child) => (child ? [this.word(child, depth).value] : []));
    this.emit([], assignments, [], null, slot);
  }

  /** The value of a word-like node; substitutions inside it are walked (they run). */
  private word(node: Node, depth: number): Word {
    if (depth > MAX_DEPTH) {
      this.tooDeep = true;
      return { value: node.text, dynamic: true, inner: [] };
    }
    switch (node.type) {
      case "word":
      case "number":
      case "variable_name":
        return { value: unescapeWord(node.text), dynamic: false, inner: [] };
      case "raw_string":
        return { value: node.text.slice(1, -1), dynamic: false, inner: [] };
      case "ansi_c_string":
        return { value: decodeAnsiC(node.text.slice(2, -1)), dynamic: false, inner: [] };
      case "string":
      case "translated_string":
      case "concatenation":
      case "variable_assignment": {
        const parts = node.namedChildren.filter((child): child is Node => child !== null);
        if (node.type === "string" && parts.every((child) => child.type === "string_content")) {
          return { value: unescapeDouble(node.text.replace(/^\$?"|"$/g, "")), dynamic: false, inner: [] };
        }
        let value = "";
        let dynamic = false;
        const inner: ShellCommand[] = [];
        let cursor = node.startIndex;
        for (const part of parts) {
          // Literal text between parts (`=` of an assignment, quotes of a string) is kept.
          let gap = node.text.slice(cursor - node.startIndex, part.startIndex - node.startIndex);
          // In an argument tree-sitter-bash leaves the `$` of `…$"X"` between the parts; to bash
          // an unquoted `$"` opens a translated string, whose `$` is not text.
          if (node.type === "concatenation" && part.type === "string" && gap === "$") gap = "";
          // A translated string's `$"…"` is its text, as bash gives it outside a translation.
          value +=
            node.type === "string"
              ? gap.replace(/^\$?"/, "")
              : node.type === "translated_string" && cursor === node.startIndex
                ? gap.replace(/^\$/, "")
                : gap;
          const piece =
            part.type === "string_content"
              ? { value: unescapeDouble(part.text), dynamic: false, inner: [] }
              : this.word(part, depth + 1);
          value += piece.value;
          dynamic ||= piece.dynamic;
          inner.push(...piece.inner);
          cursor = part.endIndex;
        }
        const tail = node.text.slice(cursor - node.startIndex);
        value += node.type === "string" ? tail.replace(/"$/, "") : tail;
        return { value, dynamic, inner };
      }
      case "command_substitution":
      case "process_substitution": {
        const before = this.commands.length;
        this.walk(node, null, depth + 1);
        // The commands stay in the script's list (they run); the word remembers them too.
        return { value: node.text, dynamic: true, inner: this.commands.slice(before) };
      }
      default: {
        // Expansions ($X, ${X}, $((…))) and anything unusual: known only at run time.
        const before = this.commands.length;
        for (const child of node.namedChildren) if (child) this.walkSubstitutions(child, depth + 1);
        return { value: node.text, dynamic: true, inner: this.commands.slice(before) };
      }
    }
  }
}
