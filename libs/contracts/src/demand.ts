/* Demand reports and part aliases (superadmin): response shapes of /api/demand/* and /api/part-aliases. */

export type PartAliasSource = 'competitor' | 'oem' | 'customer' | 'legacy';

/** A searched part-number key (`GET demand/parts`). */
export interface DemandPart {
  key: string;
  /** Up to three ways buyers typed it. */
  examples: string[];
  searches: number;
  zero_results: number;
  companies: number;
  company_names: string[];
  last_at: string;
}

/**
 * Committed searches of the period that were answered but not written to the log (`not_logged` of
 * `GET demand/parts` and `demand/sizes`): beyond a person's logging budget, or the same search again
 * within a minute (one row for both).
 */
export interface SearchesNotLogged {
  over_budget: number;
  repeats: number;
}

/** A searched size (`GET demand/sizes`); `quote_lines` counts custom-size quote lines of that size. */
export interface DemandSize {
  width: number;
  height: number;
  depth: number | null;
  measure: 'nominal' | 'exact';
  searches: number;
  zero_results: number;
  companies: number;
  last_at: string;
  quote_lines: number;
}

/** Someone else's number for one of our variants. */
export interface PartAlias {
  _id: string;
  alias: string;
  alias_key: string;
  variant_id: string;
  part_number: string;
  odd_size: boolean;
  source: PartAliasSource;
  brand: string | null;
  note: string | null;
  created_by: string | null;
  created_at: string;
}
