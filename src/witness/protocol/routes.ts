/** The three routes of docs/protocol.md, defined once for server, client and tests. */
export const ROUTES = {
  anchor: "/api/v1/anchor",
  /** Express pattern of the lookup route. */
  anchorById: "/api/v1/anchors/:id",
  health: "/api/v1/health",
} as const;

/** Path of one stored anchor. */
export function anchorPath(anchorId: string): string {
  return `/api/v1/anchors/${encodeURIComponent(anchorId)}`;
}
