import type { SqlRunner } from '@portal/db/queries';
import { DEFAULT_SUPPLIER_TZ, percentageForProductLine, sortCategories, todayIn } from '@portal/domain';
import {
  beginSnapshot,
  countPricelistRows,
  endSnapshot,
  lastCatalogueChange,
  pricelistAgreedItems,
  pricelistCategories,
  pricelistProducts,
  pricelistVariants,
  type Claimed,
  type ListedProduct,
} from './pricelists.repository';
import { unpaced, type Pacer } from './pacer';
import { createRowWriter } from './writers';

/** Products per variants query: a few thousand rows, so memory stays flat whatever the catalogue size. */
const PRODUCTS_PER_QUERY = 50;
/**
 * At most one progress report per interval. Each report costs a row update and a socket message in
 * three processes; every two seconds keeps a bar moving without adding to customers' slowest requests.
 */
const PROGRESS_MS = 2000;

/** Reports how far a build is: rows written of the total. */
export type BuildProgress = (rows: number, total: number) => Promise<void> | void;

/**
 * Writes the price list `list` to `path`; returns the number of rows. `snapshot` must be one
 * connection (the snapshot is a transaction on it). The listed products come first,
 * then their variants a run of products at a time, all in one read-only snapshot, straight into the
 * file writer, so memory does not grow with the catalogue. `onProgress` hears of it at the start and
 * then at most every two seconds.
 */
export async function buildPricelist(
  snapshot: SqlRunner,
  list: Claimed,
  path: string,
  onProgress: BuildProgress,
  /** Rests between two runs of products (see `hostAwarePacer`). */
  pacer: Pacer = unpaced,
): Promise<number> {
  let open = false;
  try {
    await beginSnapshot(snapshot);
    open = true;
    const categories = sortCategories(await pricelistCategories(snapshot, list.scope_id));
    const products = await pricelistProducts(snapshot, [
      categories.map((c) => c.id),
      categories.map((c) => String(percentageForProductLine(c.product_line, list))),
      list.scope === 'subcategory' ? list.scope_id : null,
    ]);
    // A whole-catalogue list ends with the company's agreed items, at the agreed prices.
    const agreed =
      list.scope === 'catalogue'
        ? await pricelistAgreedItems(snapshot, list.company_id, todayIn(process.env.SUPPLIER_TZ || DEFAULT_SUPPLIER_TZ))
        : [];
    const total =
      (await countPricelistRows(
        snapshot,
        products.map((p) => p.id),
      )) + agreed.length;
    const changed_at = await lastCatalogueChange(snapshot);
    await onProgress(0, total);
    const writer = createRowWriter(list.format, path, {
      companyName: list.company_name,
      scopeName: list.scope_name,
      generatedAt: new Date(),
      catalogueChangedAt: changed_at ? new Date(changed_at) : null,
    });
    let written = 0;
    let reported = Date.now();
    try {
      for (let i = 0; i < products.length; i += PRODUCTS_PER_QUERY) {
        const run = products.slice(i, i + PRODUCTS_PER_QUERY);
        const byId = new Map<string, ListedProduct>(run.map((p) => [p.id, p]));
        for (const { product_id, ...variant } of await pricelistVariants(snapshot, run, list.price_import_id ?? null)) {
          const p = byId.get(product_id)!;
          await writer.write({ category: p.category, subcategory: p.subcategory, product: p.product, ...variant });
          written++;
        }
        if (Date.now() - reported >= PROGRESS_MS) {
          reported = Date.now();
          await onProgress(written, total);
        }
        await pacer.rest();
      }
      for (const line of agreed) {
        await writer.write(line);
        written++;
      }
      await writer.end();
    } catch (err) {
      writer.abort();
      throw err;
    }
    await endSnapshot(snapshot, 'COMMIT');
    open = false;
    return written;
  } finally {
    if (open) await endSnapshot(snapshot, 'ROLLBACK').catch(() => undefined);
  }
}
