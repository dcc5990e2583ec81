/**
 * The sixth unnamed-families round's tuning set (test/vectors/risk-tuning-unnamed6.jsonl, origin
 * beside it): commands of programs held out of the verb lexicon's mining (a third of the
 * withfig/autocomplete specs' programs that no rule table names and no vector file uses, chosen by
 * a hash of their names), built from their specs' sub-commands, options and descriptions and
 * judged by the level table before each batch's first run. Every dangerous command rated high or
 * critical, every harmless one not, except those marked `known` (with the reason; counted in the
 * rates). The rates are held at the figures reached (docs/risk.md).
 */
import { describeJudgedSet } from "./judged.js";

// Batch 1 (Onboardbase, Encore, minectl, Meroxa, ampx, Charm, CumulusCI, TypeORM, Docksal's fin,
// RVM, DevStream, mob, hb-service, splash, k6, Homey, Nextflow and others; run once on main
// before the lexicon): 23 / 34 dangers, 5 / 59 harmless high as judged; one label corrected to
// the level table after it (a credential set is high): 24 / 35, 4 / 58. After the lexicon: 26 /
// 35, 4 / 58. Batch 2 (the same programs' other forms and 20 more held-out programs; run once on
// the lexicon, which changed none of its verdicts against main): 12 / 17, 10 / 71. After the
// families both batches' misses and alarms named (negated options, a `noun:verb` word's own
// object, versions, a tool's own daemon, a login's stored credential, a credential changed by a
// joined verb): batch 1 26 / 35, 3 / 58; batch 2 14 / 17, 7 / 71. Batch 3 (other forms of the
// held-out programs; run once on every rule of the round, no change kept after it): 12 / 15, 2 /
// 52 (main before the round: the same). Batch 4 (the last held-out programs, mostly harmless, and
// forms of earlier ones; run once, no change after it): 7 / 8, 0 / 16 (main before the round: 6 /
// 8, 0 / 16). Then a manifest file's path is no identifier of a parent (batch 3's `minectl delete
// --filename F --id X`, a fit): the whole file 60 / 75, 12 / 197.
describeJudgedSet("sixth unnamed-families round tuning set", "risk-tuning-unnamed6.jsonl", {
  dangerous: 75,
  caught: 0.8,
  unnamed: 0.8,
  alarms: 0.061,
});
