import { join } from "node:path";

/**
 * Where everything lives in a home: the only definition of the home layout. Writers and readers
 * (the CLI, the hook, the relay, the dashboard, the report) all take their paths from here.
 */
export interface HomePaths {
  root: string;
  trail: string;
  seals: string;
  keys: string;
  policy: string;
  relayConfig: string;
  /** Held by the running relay for its whole life; its record names the relay's process. */
  relayLock: string;
  relayLog: string;
  relayState: string;
  /** Ed25519 keys of git transparency logs this home created (witness init). */
  logKeys: string;
  /** Last checkpoint seen per witness (fork detection). */
  pins: string;
  /** Where each named scheduled export got to (`trailseal export --cursor`). */
  exportCursors: string;
  /** Checkpoints with the cosignatures collected for them (witness cosign / proof). */
  cosignedCheckpoints: string;
  /** The cosigning witness's state, when it runs from this home (witness cosign-serve). */
  cosignState: string;
  /** The c2sp.org/tlog-proof of each seal written by `witness proof`, kept for the report. */
  sealProofs: string;
  /** How far the trail was verified before, keyed (src/integrity): reading commands verify only what follows. */
  verifiedPrefix: string;
}

export function homePaths(home: string): HomePaths {
  return {
    root: home,
    trail: join(home, "trail"),
    seals: join(home, "seals"),
    keys: join(home, "keys"),
    policy: join(home, "policy.yaml"),
    relayConfig: join(home, "relay-config.json"),
    relayLock: join(home, "relay.lock"),
    relayLog: join(home, "relay.log"),
    relayState: join(home, "relay-state.json"),
    logKeys: join(home, "log-keys"),
    pins: join(home, "witness-pins"),
    exportCursors: join(home, "export-cursors.json"),
    cosignedCheckpoints: join(home, "cosigned-checkpoints"),
    cosignState: join(home, "cosign-state"),
    sealProofs: join(home, "seal-proofs"),
    verifiedPrefix: join(home, "verified-prefix.json"),
  };
}
