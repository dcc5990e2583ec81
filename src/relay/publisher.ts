import type { PublishFn } from "./model.js";

/**
 * The real publish function for the daemon: the witness client's `publishSeal` (parallel,
 * per-witness timeout and bounded retries, receipts stored durably before it returns), loaded
 * lazily so that `relay status` and `relay stop` never load the HTTP client.
 */
export async function loadWitnessPublisher(home: string): Promise<PublishFn> {
  const { publishSeal } = await import("../witness/index.js");
  // guardCuts: a relay on a cut trail (or a new home under an old key id) must not publish a
  // seal past the witnesses' newest, which would hide the cut from every later verification.
  return ({ stored, endpoints, quorum }) => publishSeal({ home, stored, endpoints, quorum, guardCuts: true });
}
