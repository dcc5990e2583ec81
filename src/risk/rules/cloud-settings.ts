/**
 * The settings of a cloud or platform CLI's call, read from every spelling CLIs use
 * (rules/cloud-shapes.ts judges them): `--name=value`, `--name value` (a boolean value only),
 * `name=value`, `--no-name`, `--disable-name`, `--clear-name`, `is-name-disabled=true`,
 * `enable-`/`is-`/`require-` prefixes, camel case (`--disableTerminationProtection`), indexed keys
 * (`rules.0.permission-set-names.0`) and pairs inside a value (`--metadata=a=b,c=d`).
 */

export const OFF = /^(false|off|no|0|none|disabled?|never)$/i;
export const ON = /^(true|on|yes|1|enabled?|always|set)$/i;
/** An explicit yes (a bare flag is not enough where the flag also names other things: `gh repo create --public`). */
export const YES = /^(true|on|yes|1)$/i;

export interface Setting {
  name: string;
  value: string;
}

/** `--name=value`, `--name value`, `name=value` (and pairs inside a value, `--metadata=a=b,c=d`), `--no-name`. */
export function settingsOf(values: string[]): Setting[] {
  const found: Setting[] = [];
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i]!;
    const option = /^--?([a-zA-Z][\w.-]*)(?:=(.*))?$/.exec(value);
    if (option) {
      const name = kebab(option[1]!);
      const next = values[i + 1];
      let given = option[2];
      if (
        given === undefined &&
        next !== undefined &&
        !next.startsWith("-") &&
        /^(true|false|none|off|on|yes|no|enabled?|disabled?|allow|deny)$/i.test(next)
      )
        given = next;
      if (given?.includes("=")) for (const pair of given.split(",")) pushPair(pair, found);
      // `--deletion-policy '{"isDeleteProtected":false}'`: a JSON value's own settings
      const body = given ?? (next !== undefined && /^[[{]/.test(next) ? next : undefined);
      if (body && /^[[{]/.test(body)) jsonPairs(body, found);
      if (name.startsWith("no-")) found.push({ name: name.slice(3), value: "false" });
      else if (name.startsWith("disable-")) found.push({ name: name.slice(8), value: given ?? "false" });
      else if (name.startsWith("clear-")) found.push({ name: name.slice(6), value: "false" });
      found.push({ name, value: given ?? "set" });
      continue;
    }
    pushPair(value, found);
  }
  return found.map(({ name, value }) => {
    // `is-backup-schedule-disabled=true`, `enable-oslogin=false`, `require-ssl`: the protection's own name
    const disabled = /^(is-)?([\w-]+)-disabled$/.exec(name);
    if (disabled) return { name: disabled[2]!, value: ON.test(value) ? "false" : "true" };
    return { name: name.replace(/^(enable|is|require|with|use)-/, ""), value };
  });
}

/** `"name": value` pairs of a JSON object given as a value (scalars only; nesting is flattened). */
function jsonPairs(text: string, into: Setting[]): void {
  for (const match of text.matchAll(/"([A-Za-z][\w.-]*)"\s*:\s*("([^"]*)"|true|false|null|-?\d+)/g))
    into.push({ name: kebab(match[1]!), value: match[3] ?? match[2]! });
}

function pushPair(text: string, into: Setting[]): void {
  const pair = /^([a-zA-Z][\w.-]*)=(.*)$/.exec(text);
  if (pair) into.push({ name: kebab(pair[1]!).replace(/^[\w-]+\.\d+\./, ""), value: pair[2]! });
}

/** Options with their values as written (`--clusterName c`, `--allow '*'`, `--role=owner`). */
export function writtenOptions(values: string[]): Setting[] {
  return values.flatMap((value, i) => {
    const option = /^--?([a-zA-Z][\w-]*)(?:=(.+))?$/.exec(value);
    const next = values[i + 1];
    const written = option?.[2] ?? (next !== undefined && !next.startsWith("-") ? next : undefined);
    return option && written !== undefined ? [{ name: kebab(option[1]!), value: written }] : [];
  });
}

/** `disableTerminationProtection`, `apiKeys`: a camel-case name in the words CLIs join with dashes. */
export function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
}
