/** A secret's place in a string and the marker kind it is replaced with. */
export interface Span {
  start: number;
  end: number;
  kind: string;
}

/** A range of a string, start to end: what a rule leaves alone (benign.ts). */
export type Range = readonly [start: number, end: number];

/** A text pattern of the text layer (patterns.ts, families.ts, structural.ts). */
export interface Pattern {
  kind: string;
  regex: RegExp;
  /** Capture groups holding the secret, the first that matched is taken (0: the whole match). */
  group: number | readonly number[];
  /**
   * Lower-case literals one of which every match contains: when the lower-cased text holds
   * none, the pattern cannot match and is not run (nor compiled: V8 compiles a regular
   * expression on its first use, the larger part of a short call's redaction cost).
   */
  needs?: readonly string[];
  /** A further judgement of the secret found (families.ts: a body that is not words). */
  accept?: (secret: string) => boolean;
}
