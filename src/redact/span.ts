/** A secret's place in a string and the marker kind it is replaced with. */
export interface Span {
  start: number;
  end: number;
  kind: string;
}
