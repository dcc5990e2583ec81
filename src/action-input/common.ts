/**
 * The plain generic actions (`command`, `file`, `network`, `other` of docs/actions.md, with
 * their optional `agent`, `session`, `cwd`), checked by hand so that recording one does not load
 * zod (~30 ms, more than the rest of a `trailseal record` call). It only ever accepts: anything
 * it does not recognise as exactly valid — another kind, an extra key, a wrong type, a bound
 * crossed — goes to the zod schemas (./schema.ts), which stay the definition and give the error.
 * test/action-input checks that whatever this accepts, zod accepts with the same result.
 */
import type { GenericAction } from "./schema.js";

const CONTEXT: Record<string, [min: number, max: number]> = {
  agent: [1, 200],
  session: [0, 512],
  cwd: [0, 4096],
};
const FIELDS: Record<string, Record<string, [min: number, max: number]>> = {
  command: { command: [1, 1 << 20] },
  file: { op: [1, 6], path: [1, 4096] },
  network: { method: [1, 16], url: [1, 8192] },
  other: { description: [1, 4096] },
};
const FILE_OPS = new Set(["read", "write", "edit", "delete", "search"]);
const METHOD = /^[A-Za-z]{1,16}$/;

function isBoundedString(value: unknown, [min, max]: [number, number]): value is string {
  return typeof value === "string" && value.length >= min && value.length <= max;
}

/** The action as zod's generic schema would give it, or null when zod must decide. */
export function commonGenericAction(raw: unknown): GenericAction | null {
  if (typeof raw !== "object" || raw === null || Object.getPrototypeOf(raw) !== Object.prototype) return null;
  const input = raw as Record<string, unknown>;
  const kind = input.kind;
  if (typeof kind !== "string" || !Object.hasOwn(FIELDS, kind)) return null;
  const fields = FIELDS[kind]!;
  for (const key of Object.keys(input)) {
    if (key === "kind") continue;
    const bounds = Object.hasOwn(fields, key)
      ? fields[key]
      : Object.hasOwn(CONTEXT, key)
        ? CONTEXT[key]
        : undefined;
    if (bounds === undefined || !isBoundedString(input[key], bounds)) return null;
  }
  // Required fields present (an absent `method` defaults to GET, as in the schema).
  const action: Record<string, unknown> = { kind };
  for (const key of Object.keys(fields)) {
    if (Object.hasOwn(input, key)) action[key] = input[key];
    else if (kind === "network" && key === "method") action.method = "GET";
    else return null;
  }
  if (kind === "file" && !FILE_OPS.has(action.op as string)) return null;
  if (kind === "network" && !METHOD.test(action.method as string)) return null;
  for (const key of Object.keys(CONTEXT)) if (Object.hasOwn(input, key)) action[key] = input[key];
  return action as GenericAction;
}
