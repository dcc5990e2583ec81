/**
 * What JSON.parse accepts but the trail cannot record: numbers beyond float range (`1e400`
 * parses to Infinity, which JCS refuses) and nesting deep enough to overflow the recursive
 * validation, compaction and canonicalization that every event goes through. Dependency-free,
 * so the hooks' hot path can use it too.
 */

/** Deepest nesting of objects and arrays accepted in an action (tool inputs are shallow). */
export const MAX_ACTION_DEPTH = 64;

/** Why `value` (a JSON.parse result) cannot be recorded, or null when it can. Iterative: no recursion. */
export function findUnrecordableJson(value: unknown): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item === "number") {
      if (!Number.isFinite(item)) return "a number is outside the range JSON can record (e.g. 1e400)";
      continue;
    }
    if (typeof item !== "object" || item === null) continue;
    if (depth >= MAX_ACTION_DEPTH)
      return `objects or arrays are nested deeper than ${MAX_ACTION_DEPTH} levels`;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return null;
}
