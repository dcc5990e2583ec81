import type { AnchorReceipt, AnchorRequest, StoredAnchor } from "../protocol/index.js";

/** One witness as the publisher and verifier see it; HTTP and git witnesses both implement it. */
export interface WitnessClient {
  readonly name: string;
  /** The anchor URL (HTTP) or repository URL (git): the identity a receipt is stored under. */
  readonly url: string;
  readonly kind: "http" | "git";
  publish(request: AnchorRequest, options: { signal: AbortSignal }): Promise<AnchorReceipt>;
  /**
   * GETs a stored anchor. `consistencyFrom` (HTTP witnesses serving a log): ask for the
   * consistency proof from the tree of that size (docs/protocol.md); others ignore it.
   */
  fetchAnchor(
    anchorId: string,
    options: { signal: AbortSignal; consistencyFrom?: number },
  ): Promise<StoredAnchor>;
  /** Optional liveness check: a body with at least `status`. */
  health?(options: { signal: AbortSignal }): Promise<{ status: string } & Record<string, unknown>>;
}

export interface WitnessEndpoint {
  url: string;
  name: string;
  auth_token?: string;
}
