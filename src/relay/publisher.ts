import { TrailsealError } from "../errors/index.js";
import type { PublishFn } from "./core.js";

/**
 * The real publish function for the daemon: the witness client's `publishSeal`, loaded lazily
 * so that `relay status`/`stop` never load the HTTP client.
 */
export async function loadWitnessPublisher(_home: string): Promise<PublishFn> {
  throw new TrailsealError(
    "RELAY_WITNESS_CLIENT_UNAVAILABLE",
    "the witness client is not built into this trailseal",
    {
      hint: "set witness.enabled to false in relay-config.json",
    },
  );
}
