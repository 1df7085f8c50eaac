/** What a row of a programme file says a slot holds and how often it is changed. */
export interface ImportedSlotFit {
  fitted_kind: 'catalogue' | 'custom_size';
  variant_id: string | null;
  catalogue_id: string | null;
  /** Sizes as numbers or as Postgres numeric text ('20.50' and 20.5 are the same size). */
  width: number | string | null;
  height: number | string | null;
  depth: number | string | null;
  measure: string | null;
  quantity: number;
  interval_unit: string;
  interval_count: number;
  /** YYYY-MM-DD. */
  anchor_date: string;
}

/** A live slot as it is: it may also be fitted with one of the company's agreed items. */
export type ExistingSlotFit = Omit<ImportedSlotFit, 'fitted_kind'> & {
  fitted_kind: ImportedSlotFit['fitted_kind'] | 'agreed_item';
};

export type ImportedSlotAction = 'create' | 'update' | 'unchanged';

const SIZE_FIELDS = new Set<keyof ImportedSlotFit>(['width', 'height', 'depth']);
/** The fields compared, in order. */
export const IMPORTED_SLOT_FIELDS: readonly (keyof ImportedSlotFit)[] = [
  'fitted_kind',
  'variant_id',
  'catalogue_id',
  'width',
  'height',
  'depth',
  'measure',
  'quantity',
  'interval_unit',
  'interval_count',
  'anchor_date',
];

const comparable = (field: keyof ImportedSlotFit, v: unknown) =>
  v === null || v === undefined ? null : SIZE_FIELDS.has(field) ? Number(v) : v;

/**
 * What importing `row` does to the slot of the same site, unit and stage: creates it when there is
 * none, leaves it when every field already matches, updates it otherwise. A slot fitted with an
 * agreed item keeps it: the file can name it only by part number or size, which would re-fit it as
 * a plain custom size and lose the agreed price (that is changed on the site page).
 */
export function importedSlotAction(
  existing: ExistingSlotFit | null | undefined,
  row: ImportedSlotFit,
): ImportedSlotAction {
  if (!existing) return 'create';
  if (existing.fitted_kind === 'agreed_item') return 'unchanged';
  const same = IMPORTED_SLOT_FIELDS.every((f) => comparable(f, existing[f]) === comparable(f, row[f]));
  return same ? 'unchanged' : 'update';
}
