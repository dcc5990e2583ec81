import type { PublishFn } from "./model.js";

/**
 * The real publish function for the daemon: the witness client's `publishSeal` (parallel,
 * per-witness timeout and bounded retries, receipts stored durably before it returns), loaded
 * lazily so that `relay status` and `relay stop` never load the HTTP client.
 */
export async function loadWitnessPublisher(home: string): Promise<PublishFn> {
  const { publishSeal } = await import("../witness/index.js");
  return ({ stored, endpoints, quorum }) => publishSeal({ home, stored, endpoints, quorum });
}
