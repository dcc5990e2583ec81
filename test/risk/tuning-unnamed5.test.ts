/**
 * The fifth unnamed-families round's tuning set (test/vectors/risk-tuning-unnamed5.jsonl, origin
 * beside it): commands of the Oracle Cloud, OpenStack, JFrog, Cloud Foundry, Tekton and NATS CLIs,
 * pgBackRest, (batch 2) govc, tea, sf, algolia, sanity, contentful, tccli and cloudflared, and (batch
 * 3) Prefect, MLflow, SkyPilot, Modal, the Hugging Face CLI, GAM, Knative, Shopify, PagerDuty and
 * Dagster, and (batch 4) fastlane, EAS, Convex, deployctl, zrok, Prisma and drizzle-kit (no rule
 * table names them; batch 5 FreeIPA, Kanidm, EdgeDB, SurrealDB, Bareos' console and Packer) beside doctl, gh, glab, mc, rclone and restic (named),
 * from their command references, judged by the level table before the round's rules: destruction
 * with scope, credentials printed or minted, access granted, resources opened to everyone,
 * protections switched off, and the listing, showing, creating and help forms beside them. Every
 * dangerous command rated high or critical, every harmless one not, except those marked `known`
 * (with the reason; counted in the rates). The rates are held at the figures reached (docs/risk.md).
 */
import { describeJudgedSet } from "./judged.js";

// batch 1: first run 60 / 95 (unnamed 42 / 65), 3 / 115 harmless high; after the round's rules
// 90 / 95 (unnamed 63 / 65), 0 / 115. Batch 2 (govc, tea, sf, algolia, sanity, contentful, tccli,
// cloudflared; run once on batch 1's rules): 24 / 38 (all unnamed), 2 / 50; after its widening
// 36 / 38, 0 / 50. Batch 3 (prefect, mlflow, sky, modal, hf, gam, kn, shopify, pd, dagster; run once
// on batches 1 and 2's rules): 17 / 24 (all unnamed), 2 / 52; after its widening 24 / 24, 1 / 52.
// Batch 4 (fastlane, eas, convex, deployctl, zrok, prisma, drizzle-kit; run once on everything
// before it): 4 / 14 (all unnamed), 0 / 30; after its widening 10 / 14, 0 / 30.
// Batch 5 (ipa, kanidm, edgedb, surreal, bconsole, packer; run once on everything before it):
// 7 / 15 (all unnamed), 0 / 28; after its widening 13 / 15, 0 / 28.
// Batch 6 (Coder, Clever Cloud, Scalingo, Gitpod; run once at the round's end, no change after it):
// 9 / 12, 0 / 19 (11 / 12 after batch 7's widening). Batch 7 (WP-CLI, Appwrite, Strapi, Ghost-CLI;
// run once on everything before it): 9 / 14, 1 / 21; after its widening 14 / 14, 1 / 21. Batch 8
// (PocketBase, Directus, Payload, Medusa; run once): 2 / 9, 0 / 13; after 6 / 9, 0 / 13.
// Batch 9 (Garage, JuiceFS, abctl, Meltano; run once at the round's end, no change after it):
// 4 / 10, 0 / 15. The whole file 208 / 231 (unnamed 181 / 201), 2 / 343; then two of batch 5's
// commands (one dangerous, high on its first run; one harmless, medium) were taken out because the
// fifth sealed hold-out, built earlier the same day by someone else, holds the same lines: 207 /
// 230 (unnamed 180 / 200), 2 / 342 (origin note, "Taken out").
describeJudgedSet("fifth unnamed-families round tuning set", "risk-tuning-unnamed5.jsonl", {
  dangerous: 230,
  caught: 0.9,
  unnamed: 0.9,
  alarms: 0.006,
});
