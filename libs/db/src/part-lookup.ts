import { queryRows, type SqlRunner } from './sql';

/**
 * Part numbers as the find box reads them, many at once: by part-number key (`part_key()`, the
 * normalisation of `libs/domain/src/find`: case, white space and `- . / _` ignored), against our
 * part numbers, their aliases (other people's numbers) and the company's agreed items' own part
 * numbers — the batch form of find's part look-up (`apps/api/src/catalogue/find.repository.ts`),
 * on the same key indexes. Odd-size variants are never answered, as in find.
 */

export interface PartMatch {
  /** The part-number key asked for. */
  key: string;
  via: 'part_number' | 'alias' | 'agreed_item';
  /** variant id, or agreed item id. */
  id: string;
  part_number: string;
  merv: number | null;
  /** Agreed items: what was agreed (a custom size, or an unlisted item). */
  agreed_kind: 'custom_size' | 'unlisted' | null;
  catalogue_id: string | null;
  width: string | null;
  height: string | null;
  depth: string | null;
  measure: 'nominal' | 'exact' | null;
}

const LOOKUP_SQL = `
  WITH q AS (SELECT DISTINCT k AS key FROM unnest($2::text[]) k)
  SELECT q.key, 'part_number' AS via, v.id, v.part_number, v.merv, NULL AS agreed_kind, NULL::uuid AS catalogue_id,
         NULL::text AS width, NULL::text AS height, NULL::text AS depth, NULL AS measure
    FROM q JOIN variants v ON part_key(v.part_number) = q.key AND NOT v.odd_size
  UNION ALL
  SELECT q.key, 'alias', v.id, v.part_number, v.merv, NULL, NULL, NULL, NULL, NULL, NULL
    FROM q JOIN part_aliases a ON a.alias_key = q.key
    JOIN variants v ON v.id = a.variant_id AND NOT v.odd_size
  UNION ALL
  SELECT q.key, 'agreed_item', a.id, a.customer_part_no, NULL, a.kind, a.catalogue_id,
         a.width::text, a.height::text, a.depth::text, a.measure
    FROM q JOIN agreed_items a ON a.company_id = $1 AND a.customer_part_no IS NOT NULL
                              AND part_key(a.customer_part_no) = q.key AND NOT a.withdrawn`;

const RANK: Record<PartMatch['via'], number> = { part_number: 0, agreed_item: 1, alias: 2 };

/**
 * What each key names, best first: our part numbers, then the company's agreed items, then aliases.
 * Only the best kind of match is kept for a key (two variants with that key are two answers: the
 * caller says which to write).
 */
export async function lookUpPartKeys(
  db: SqlRunner,
  companyId: string,
  keys: string[],
): Promise<Map<string, PartMatch[]>> {
  const out = new Map<string, PartMatch[]>();
  if (!keys.length) return out;
  const rows = await queryRows<PartMatch>(db, LOOKUP_SQL, [companyId, keys]);
  for (const r of rows) {
    const list = out.get(r.key) ?? [];
    if (list.length && RANK[list[0].via] < RANK[r.via]) continue;
    if (list.length && RANK[list[0].via] > RANK[r.via]) list.length = 0;
    if (!list.some((m) => m.id === r.id)) list.push({ ...r, merv: r.merv === null ? null : Number(r.merv) });
    out.set(r.key, list);
  }
  return out;
}

/**
 * The category a custom size is filed under when a file names only a size: the category whose
 * odd-size variants are of the size's odd-size type at its depth (most of them), else the one with
 * the most odd-size variants, else the first category. null: the catalogue has no category.
 */
export async function customSizeCatalogue(
  db: SqlRunner,
  sizeType: string | null,
  depth: number,
  tolerance: number,
): Promise<string | null> {
  const rows = await queryRows<{ id: string }>(
    db,
    `SELECT k.id
       FROM categories k
       LEFT JOIN products p ON p.category_id = k.id
       LEFT JOIN variants v ON v.product_id = p.id AND v.odd_size
      GROUP BY k.id, k.display_order, k.name
      ORDER BY count(v.id) FILTER (WHERE v.odd_size_type = $1 AND abs(v.depth - $2::numeric) <= $3::numeric) DESC,
               count(v.id) DESC, k.display_order, k.name
      LIMIT 1`,
    [sizeType, String(depth), String(tolerance)],
  );
  return rows[0]?.id ?? null;
}
