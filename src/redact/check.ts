/**
 * Confirming a suspected value against an event: the value's commitment under the seal key
 * is compared with every marker in the event. Only the key holder can do this; the value is
 * never printed back.
 */
import { computeCommitment, parseMarkers } from "./marker.js";

export interface CheckResult {
  /** Markers in the event (JSON paths like `action.command`). */
  markers: { path: string; kind: string; matches: boolean }[];
  matched: boolean;
}

export function checkEventValue(event: unknown, key: Uint8Array, value: string): CheckResult {
  const commitment = computeCommitment(key, value);
  const markers: CheckResult["markers"] = [];
  const walk = (node: unknown, path: string): void => {
    if (typeof node === "string") {
      for (const marker of parseMarkers(node)) {
        markers.push({ path, kind: marker.kind, matches: marker.commitment === commitment });
      }
    } else if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) walk(item, `${path}[${index}]`);
    } else if (node !== null && typeof node === "object") {
      for (const [name, item] of Object.entries(node)) {
        // A member name can be a marker too (a secret used as a JSON key): named by its object.
        for (const marker of parseMarkers(name)) {
          markers.push({
            path: `${path} (name)`,
            kind: marker.kind,
            matches: marker.commitment === commitment,
          });
        }
        walk(item, path === "" ? name : `${path}.${name}`);
      }
    }
  };
  walk(event, "");
  return { markers, matched: markers.some((marker) => marker.matches) };
}
