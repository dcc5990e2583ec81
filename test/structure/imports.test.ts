/**
 * The shape of src/, checked on the import graph (every static, dynamic and type-only import):
 * - no import cycles between modules (a cycle makes load order decide what is initialized: the
 *   `Cannot access 'X' before initialization` class of bug, and it hides who depends on whom);
 * - another capability (src/<capability>/) is imported only through its door, index.ts;
 * - inside witness/, the parts (client, gitlog, cosign, server, protocol, group-commit) import
 *   each other only through their own index.ts, as capabilities do.
 * The imports are read from the source text (biome keeps them in one shape); TypeScript 7 has no
 * JS API to do it for us, and a dependency-graph package would need one to see `import type`.
 */
import { readFileSync } from "node:fs";
import { relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { importSpecifiers, resolveImport, SRC } from "../helpers/imports.js";
import { filesUnder } from "../helpers/tree.js";

const sourceFiles = (dir: string) =>
  filesUnder(dir, [".ts"], ["assets"]).filter((file) => !file.endsWith(".d.ts"));

function buildGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const targets = importSpecifiers(readFileSync(file, "utf8"))
      .map((specifier) => resolveImport(file, specifier))
      .filter((target) => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

const name = (file: string) => relative(SRC, file).split(sep).join("/");
const capabilityOf = (file: string) => name(file).split("/")[0]!;

/** Strongly connected components of more than one module (or a module importing itself): Tarjan. */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node))
        found.push(component.map(name).sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe("import graph of src/", () => {
  const graph = buildGraph();

  it("reads the whole tree", () => {
    expect(graph.size).toBeGreaterThan(50);
  });

  it("has no import cycle", () => {
    expect(cycles(graph)).toEqual([]);
  });

  it("imports another capability only through its index.ts", () => {
    const bypasses: string[] = [];
    for (const [file, targets] of graph) {
      for (const target of targets) {
        const capability = capabilityOf(target);
        if (capability === capabilityOf(file) || !name(target).includes("/")) continue;
        if (name(target) !== `${capability}/index.ts`) bypasses.push(`${name(file)} → ${name(target)}`);
      }
    }
    expect(bypasses).toEqual([]);
  });

  it("imports a part of witness/ only through its index.ts", () => {
    const partOf = (file: string) => {
      const parts = name(file).split("/");
      return parts[0] === "witness" && parts.length > 2 ? parts[1]! : null;
    };
    const parts = new Set([...graph.keys()].map(partOf).filter((part) => part !== null));
    // Every folder of witness/ is a part (a new backend, such as postgres, is one too).
    for (const part of ["client", "cosign", "gitlog", "group-commit", "protocol", "server"])
      expect(parts).toContain(part);
    const bypasses: string[] = [];
    for (const [file, targets] of graph) {
      for (const target of targets) {
        const part = partOf(target);
        if (part === null || part === partOf(file)) continue;
        if (name(target) !== `witness/${part}/index.ts`) bypasses.push(`${name(file)} → ${name(target)}`);
      }
    }
    expect(bypasses).toEqual([]);
  });
});
