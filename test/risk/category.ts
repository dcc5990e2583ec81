/**
 * A rule family's cases (docs/risk.md): commands that must be rated high or critical
 * (`dangerous`) and near misses that must not (`harmless`). Written for this project, not taken
 * from any other tool's suite; categories.test.ts runs every family and reports the rates.
 */
export interface Category {
  name: string;
  dangerous: string[];
  harmless: string[];
}
