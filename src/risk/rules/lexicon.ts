/**
 * What the mined verb lexicon (verb-lexicon.ts, docs/decisions/risk-verb-lexicon.md) says of a
 * program no rule names, by the position of a word among the call's sub-command words:
 *
 * - **a destroying word the hand-written verbs lack** (`undeploy`, `unalias`) is read
 *   by the general model as a verb that removes what its scope says (as `prune`): medium alone,
 *   high with everything in scope or a container named (rules/general.ts);
 * - **an option that skips the question** (`--no-input`, `--noprompt`) is a confirm flag for
 *   the general model, as `--yes` is;
 * - **a releasing word after a noun** (`<cli> app publish`: the hand rule knows `publish` only
 *   as the first word) releases an artifact to others;
 * - **a granting word** (`<cli> invite`, `<cli> team invite`) gives someone access;
 * - **a credential read by a printing verb beside it** (`config:get-token`, `token get`, `get
 *   password`), or a login's stored credential asked for by an option (`login cloud --show`),
 *   prints it; a credential word joined to a changing verb (`rotate-tunnel-key`) changes it.
 *
 * A reading word after the granting or releasing word (`invite list`, `publish status`) is
 * read-only and raises nothing. Help, version and dry runs never reach here. Only programs no
 * rule names consult it (rules/unknown-program.ts), after every other judgement; the table is
 * read into sets once, on first use.
 */
import type { Word } from "../shell-model.js";
import type { Signals } from "../signals.js";
import { judgeDestroyingVerb } from "./general.js";
import { words as splitWords, VERBS } from "./general-verb.js";
import { LEXICON } from "./verb-lexicon.js";

interface Sets {
  destroys: Set<string>;
  grants: Set<string>;
  releases: Set<string>;
  reads: Set<string>;
  confirms: Set<string>;
}
let sets: Sets | undefined;
function lexicon(): Sets {
  const set = (text: string) => new Set(text.split(" ").filter(Boolean));
  sets ??= {
    destroys: set(`${LEXICON.destroys} ${LEXICON.empties}`),
    grants: set(LEXICON.grants),
    releases: set(LEXICON.releases),
    reads: set(LEXICON.reads),
    confirms: set(LEXICON.confirms),
  };
  return sets;
}

/**
 * Verbs that put what they are given on the terminal (the miner's own reading of a description;
 * `show` and `view` are left out: a secret's `show` prints its metadata, `juju show-secret` without
 * `--reveal`, as the structure family decided).
 */
const PRINTING = /^(print|get|output|reveal|fetch|dump|export|display|cat|retrieve)$/;
/**
 * A credential of one's access, singular (what is read is that one credential; `secret` has its
 * own family, rules/structure.ts, with its metadata exceptions; `get tokens` lists them).
 */
const CREDENTIAL = /^(token|password|credential|credentials|creds)$/;
/** Messages published to a topic or a queue: not a release. */
const MESSAGE = /^(--topic|-t|--subject|--channel|--message|-m|--data|--payload|--queue)(=.*)?$/;

/** The call's sub-command words: the leading words that are not options, values or paths. */
function subcommandWords(args: Word[]): string[] {
  const out: string[] = [];
  for (const arg of args) {
    if (arg.value === "--" || out.length >= 4) break;
    if (arg.value.startsWith("-")) {
      // (an option's value, `-p web-store`, is no sub-command; the words before it already are)
      if (out.length > 0) break;
      continue;
    }
    // (a dotted word is a module, a file or a host: `tests.handlers.test_invite` is no sub-command)
    if (arg.dynamic || !/^[A-Za-z][\w:-]*$/.test(arg.value)) break;
    out.push(arg.value);
  }
  return out;
}

/** Raises what the lexicon's words say of the call; true when it raised. */
export function judgeLexicon(program: string, args: Word[], signals: Signals): boolean {
  const table = lexicon();
  const leading = subcommandWords(args);
  const parts = leading.flatMap((word) => splitWords(word));
  const { score } = signals;
  const head = `${program} ${leading.join(" ")}`.trim();
  const confirm = args.some((arg) => table.confirms.has(arg.value.split("=")[0]!));

  // a destroying word the hand-written verbs lack, read as `prune` by the general model
  const mined = leading.findIndex((word) => {
    const own = splitWords(word);
    return own.some((part) => table.destroys.has(part) && !VERBS.has(part));
  });
  if (mined >= 0 || confirm) {
    const rewritten =
      mined >= 0
        ? args.map((arg) => (arg.value === leading[mined] ? { ...arg, value: "prune" } : arg))
        : args;
    if (judgeDestroyingVerb(program, rewritten, signals, false, confirm)) return true;
  }

  for (let i = 0; i < parts.length; i += 1) {
    const word = parts[i]!;
    // a reading, asking or undoing word after it (`invite list`, `publish status`, `share-v2 url`,
    // `share stop`) only reads or takes the grant back
    const rest = parts.slice(i + 1);
    const readsAfter = rest.some(
      (part) =>
        table.reads.has(part) ||
        /^(status|url|urls|logs?|stop|revoke|cancel|delete|remove|rm|off|disable)$/.test(part),
    );
    if (table.grants.has(word) && !readsAfter) {
      score.raise(
        "high",
        `${head} grants access (${word}: a word that gives someone access)`,
        "privilege_escalation",
      );
      return true;
    }
    if (table.releases.has(word) && i > 0 && !readsAfter && !args.some((arg) => MESSAGE.test(arg.value))) {
      score.raise("high", `${head} releases an artifact (others receive it at once)`, "network_request");
      return true;
    }
  }

  // `login cloud --show`, `auth --print`: the stored credential of a login printed by an option
  if (
    parts.some((part) => /^(login|auth|token|credentials?)$/.test(part)) &&
    args.some((arg) => /^--(show|print|reveal)$/.test(arg.value))
  ) {
    score.raise("high", `${head} prints the stored credential of a login`, "sensitive_file_access");
    return true;
  }
  // `rotate-tunnel-key`, `regenerate-password`: a credential changed by a verb joined to it
  const changed = leading.find((word) => {
    const own = splitWords(word);
    return (
      own.some((part) => /^(rotate|regenerate|roll|reset|change)$/.test(part)) &&
      own.some((part) => /^(keys?|passwords?|passphrase|tokens?|secrets?|credentials?)$/.test(part))
    );
  });
  if (changed) {
    score.raise(
      "high",
      `${program} ${changed} changes a credential: whoever uses the old one is cut off`,
      "system_modification",
    );
    return true;
  }
  // a credential beside a printing verb, either order (`config:get-token`, `token get`, `get password`)
  for (let i = 0; i < parts.length; i += 1) {
    if (!CREDENTIAL.test(parts[i]!)) continue;
    const near = [parts[i - 1], parts[i + 1]];
    if (near.some((word) => word !== undefined && PRINTING.test(word))) {
      score.raise(
        "high",
        `${head} prints a credential, like reading a credential file`,
        "sensitive_file_access",
      );
      return true;
    }
  }
  return false;
}
