/** The routes of docs/protocol.md, defined once for server, client and tests. */
export const ROUTES = {
  anchor: "/api/v1/anchor",
  /** The collection: `?key_id=<id>&latest=true` asks for the newest anchor of a key (LATEST_QUERY). */
  anchors: "/api/v1/anchors",
  /** Express pattern of the lookup route. */
  anchorById: "/api/v1/anchors/:id",
  health: "/api/v1/health",
  /**
   * Prefix of a database-backed log's C2SP files (`/log/checkpoint`, `/log/tile/…`): the base
   * URL for `witness verify --tiles`, the same files the git mirror holds.
   */
  log: "/log",
} as const;

/** Path of one stored anchor. */
export function anchorPath(anchorId: string): string {
  return `/api/v1/anchors/${encodeURIComponent(anchorId)}`;
}

/**
 * The "latest for key" extension (docs/protocol.md): `GET /api/v1/anchors?key_id=<id>&latest=true`
 * answers 200 with the newest anchor the witness holds for that key id (the body of
 * `GET /api/v1/anchors/:id`), or 404 with WITNESS_ANCHOR_NOT_FOUND when it holds none. Any
 * other answer (a 404 with another code included) means the witness cannot answer the question.
 */
export const LATEST_QUERY = { keyId: "key_id", latest: "latest", latestValue: "true" } as const;

/** Path and query of the latest-anchor question for one key id. */
export function latestAnchorPath(keyId: string): string {
  const query = new URLSearchParams({
    [LATEST_QUERY.keyId]: keyId,
    [LATEST_QUERY.latest]: LATEST_QUERY.latestValue,
  });
  return `${ROUTES.anchors}?${query.toString()}`;
}
