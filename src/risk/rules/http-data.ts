/**
 * Data destroyed through an HTTP API (docs/risk.md, "Data through HTTP APIs"): a `DELETE`, or a
 * request to a delete-by-query, drop, purge, truncate or flush endpoint, or a body that is a
 * dropping SQL statement, sent by curl, wget, HTTPie/xh or `gh api`: high, on localhost too (a
 * local database is still data). Reading an API's keys, secrets or CI variables prints
 * credentials (high, like reading a credential file).
 */
import type { Signals } from "../signals.js";
import { judgeSql, looksLikeSql } from "../sql.js";

/** A path segment naming an endpoint that destroys data or stops the service. */
const DESTROYING_ENDPOINT =
  /(^|\/)(_delete_by_query|_delete|delete(_by_query|-by-query|_all|all)?|dodelete|drop|_?purge|truncate|wipe|flushall|flushdb|flush_all|doflush|erase|destroy|shutdown|_shutdown)(\/|$)/i;
/**
 * A segment naming a destroying verb with its object (`delete_series`, `deleteMany`, `dropIndex`,
 * `purge-queue`); a cache purged is routine.
 */
const DESTROYING_ACTION_SEGMENT =
  /(^|\/)_?(delete|drop|purge|truncate|wipe|destroy|erase)[_-]?(?!cache)[A-Za-z]+(\/|$)/;
/** The last segments of an endpoint that returns credentials. */
const SECRET_ENDPOINT =
  /(^|\/)(keys|api-?keys|secrets|variables|tokens|access-tokens|credentials\/[^/]+)(\/[^/]+)?\/?$/i;

/** Endpoints whose DELETE releases something routine: a search cursor, a session, a lock, a cache. */
const ROUTINE_ENDPOINT = /(^|\/)(_search\/scroll|_pit|locks?|leases?)(\/[^/]*)?\/?$/i;
/** A query parameter naming a destroying action (`?action=DELETE`, `&op=drop`). */
const DESTROYING_ACTION =
  /[?&](action|op|operation|command|cmd)=(delete\w*|drop\w*|purge|truncate|wipe|destroy|flush\w*|unload)(&|$)/i;
/** A body that is a delete command (Solr's `<delete>…</delete>`, `{"delete": {"query": …}}`). */
const DELETE_BODY = /<delete>|"delete"\s*:\s*[{[]/i;

function pathOf(url: string): string {
  const path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "").replace(/^:?\d*(?=\/)/, "");
  return path.split(/[?#]/)[0] ?? "";
}

/**
 * Judges what a request does to the data behind the API. `bodies` are the request bodies as
 * written (`-d`, `--data-binary`, `--post-data`, HTTPie items).
 */
export function judgeHttpData(
  program: string,
  method: string,
  urls: string[],
  bodies: string[],
  signals: Signals,
): void {
  const { score } = signals;
  const upper = method.toUpperCase();
  const target = urls[0] ?? "the API";
  const routine =
    upper === "DELETE" && urls.length > 0 && urls.every((url) => ROUTINE_ENDPOINT.test(pathOf(url)));
  if (routine)
    score.raise(
      "medium",
      `${program} sends DELETE to ${target.slice(0, 100)}: releases a cursor, session, lock or cache`,
    );
  else if (upper === "DELETE") {
    score.raise(
      "high",
      `${program} sends DELETE to ${target.slice(0, 100)}: deletes data through an HTTP API (a local database is still data)`,
      "destructive_command",
    );
  }
  for (const url of urls) {
    const path = pathOf(url);
    if (DESTROYING_ACTION.test(url))
      score.raise(
        "high",
        `${program} asks ${path.slice(0, 80)} to ${DESTROYING_ACTION.exec(url)![2]}: an API call that deletes data`,
        "destructive_command",
      );
    // SQL in the query string (`?query=DROP TABLE x`: ClickHouse, InfluxDB 1.x, Druid, …)
    for (const parameter of (url.split("?")[1] ?? "").split("&")) {
      const value = parameter.replace(/^[\w.[\]]+=/, "");
      let decoded = value;
      try {
        decoded = decodeURIComponent(value.replace(/\+/g, " "));
      } catch {
        // not URL-encoded: judged as written
      }
      if (/^(query|q|sql|statement|stmt)=/i.test(parameter) && looksLikeSql(decoded))
        judgeSql(decoded, `${program} sends SQL`, score);
    }
    if (
      upper !== "GET" &&
      upper !== "HEAD" &&
      (DESTROYING_ENDPOINT.test(path) || DESTROYING_ACTION_SEGMENT.test(path))
    ) {
      score.raise(
        "high",
        `${program} ${upper} ${path.slice(0, 80)}: an endpoint that deletes data or stops the service`,
        "destructive_command",
      );
    }
    if ((upper === "GET" || upper === "HEAD") && SECRET_ENDPOINT.test(path)) {
      score.raise(
        "high",
        `${program} reads ${path.slice(0, 80)}: an API's keys, secrets or CI variables (credentials)`,
        "sensitive_file_access",
      );
    }
  }
  for (const body of bodies) {
    const text = body.replace(/^[a-z_]+=/i, "");
    let decoded = text;
    try {
      decoded = decodeURIComponent(text.replace(/\+/g, " "));
    } catch {
      // not URL-encoded: judged as written
    }
    if (DELETE_BODY.test(decoded) || /^\s*(FLUSHALL|FLUSHDB)\b/i.test(decoded))
      score.raise("high", `${program} sends a delete command in its body`, "destructive_command");
    // a GraphQL mutation whose field deletes (`mutation { deleteAllUsers { … } }`)
    if (/\bmutation\b[^{]*\{\s*(delete|drop|remove|purge|truncate|wipe|destroy)\w*/i.test(decoded))
      score.raise("high", `${program} sends a GraphQL mutation that deletes`, "destructive_command");
    if (looksLikeSql(decoded)) judgeSql(decoded, `${program} sends SQL`, score);
    // Cypher (Neo4j, Memgraph): `MATCH (n) DETACH DELETE n` with no WHERE deletes the graph
    else if (/\bMATCH\s*\(\s*\w*\s*(:\s*\w+\s*)?\)\s*(DETACH\s+)?DELETE\b/i.test(decoded))
      score.raise("high", `${program} sends a query deleting every matched node`, "destructive_command");
  }
}
