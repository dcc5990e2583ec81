/**
 * The verb lexicon, mined (scripts/mine-verb-lexicon.mjs; docs/decisions/risk-verb-lexicon.md) from
 * the completion specs of withfig/autocomplete at aef52acff84c: 587 programs'
 * sub-command and option descriptions, the 64 programs of the tuning hold-out
 * (test/vectors/risk-tuning-unnamed6.origin.md) never read.
 * A word of a sub-command's name has the meaning most programs' descriptions give it (at least
 * 3 programs, 2 for the rarer meanings, and 60% of the programs using the word agree).
 * Data only, generated: rules/lexicon.ts reads it, for programs no rule names.
 */
export const LEXICON = {
  /** Sub-command words that remove what they name. */
  destroys:
    "del delete deregister destroy drop forget purge remove reset revoke rm terminate unalias undeploy uninstall unregister unset",
  /** Sub-command words that remove everything in their object. */
  empties: "",
  /** Sub-command words that print a credential. */
  prints: "",
  /** Sub-command words that give someone access. */
  grants: "invite",
  /** Sub-command words that release an artifact to others. */
  releases: "publish",
  /** Sub-command words that switch a protection off. */
  lowers: "",
  /** Sub-command words that stop a service or a machine. */
  stops: "shutdown stop suspend",
  /** Sub-command words that only read. */
  reads:
    "about active addresses bin browse capabilities cat categories chain changelog check commands compare components contexts count current deployments describe diff disks docs errors find get help history home hooks info information inspect installed invoice is links lint list logs long lookup ls match metrics namespaces networks open outdated paths payload plans plist print proxies quotas read regions releases requirements running runs schedules search services show sites sizes st stacks stats status suggested summary supported tables tokens topics types validate verify version versions whence which whoami",
  /** Options that skip the question before acting. */
  confirms: "--no-input --no-interaction --no-prompts --noprompt",
  /** Options that make a removal permanent. */
  permanent: "",
} as const;
