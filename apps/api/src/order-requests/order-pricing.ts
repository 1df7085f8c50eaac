import type { OrderPreviewLine } from '@portal/contracts';
import { PRODUCT_LINES, percentageForProductLine, type OrderLineInput } from '@portal/domain';
import type { Db } from '@portal/db';
import * as repo from './order-requests.repository';

/** The company's percentage per product line ('' = the general discount), for the SQL price map. */
export function percentageMap(company: repo.CompanyOrdering): Record<string, string> {
  const map: Record<string, string> = { '': String(percentageForProductLine(null, company)) };
  for (const line of PRODUCT_LINES) map[line] = String(percentageForProductLine(line, company));
  return map;
}

/** One priced line: the preview's view and, when it can be ordered, the row to write. */
export interface PricedLine {
  input: OrderLineInput;
  view: OrderPreviewLine;
  row: repo.NewOrderLine | null;
  /** Why it cannot be ordered (null: it can). */
  problem: null | { kind: 'unknown' } | { kind: 'expired'; on: string } | { kind: 'withdrawn' };
}

/**
 * Prices `lines` for the company today, in two set-based reads (variants, agreed items) plus the last
 * prices paid: integer cents throughout (BigInt for the line totals). The same function serves the
 * preview and, inside its transaction, the submission.
 */
export async function priceLines(
  db: Db,
  companyId: string,
  pct: Record<string, string>,
  lines: readonly OrderLineInput[],
  today: string,
): Promise<{ lines: PricedLine[]; totalCents: bigint }> {
  const variantIds = lines.flatMap((l) => (l.kind === 'catalogue' ? [l.variant_id] : []));
  const agreedIds = lines.flatMap((l) => (l.kind === 'agreed_item' ? [l.agreed_item_id] : []));
  const [variants, agreed, last] = await Promise.all([
    repo.priceVariants(db, variantIds, pct),
    repo.findAgreedItems(db, companyId, agreedIds),
    repo.lastPrices(db, companyId, variantIds, agreedIds),
  ]);
  const variantById = new Map(variants.map((v) => [v.id, v]));
  const agreedById = new Map(agreed.map((a) => [a.id, a]));
  const lastBy = new Map(last.map((l) => [l.key, l.cents]));
  let totalCents = 0n;
  const out = lines.map((input): PricedLine => {
    const key = input.kind === 'catalogue' ? input.variant_id : input.agreed_item_id;
    const ids = input.kind === 'catalogue' ? { variant_id: key } : { agreed_item_id: key };
    const lastCents = lastBy.get(key);
    const lastPrice = lastCents === undefined ? null : repo.amount(lastCents);
    let found: { part_number: string | null; description: string; cents: string } | null = null;
    let problem: PricedLine['problem'] = null;
    if (input.kind === 'catalogue') {
      const v = variantById.get(key);
      if (v) found = { part_number: v.part_number, description: v.description, cents: v.price_cents };
      else problem = { kind: 'unknown' };
    } else {
      const a = agreedById.get(key);
      if (!a) problem = { kind: 'unknown' };
      else {
        found = { part_number: a.customer_part_no ?? a.part_number, description: a.description, cents: a.price_cents };
        const status = repo.agreedStatus(a, today);
        if (status === 'withdrawn') problem = { kind: 'withdrawn' };
        else if (status === 'expired') problem = { kind: 'expired', on: a.price_held_until };
      }
    }
    if (!found || problem) {
      return {
        input,
        problem,
        row: null,
        view: {
          kind: input.kind,
          ...ids,
          part_number: found?.part_number ?? null,
          description: found?.description ?? '',
          quantity: input.quantity,
          unit_price: null,
          line_total: null,
          last_price: lastPrice,
          status: problem?.kind === 'expired' ? 'agreement_expired' : 'unavailable',
          ...(problem?.kind === 'expired' ? { expired_on: problem.on } : {}),
        },
      };
    }
    const lineCents = BigInt(found.cents) * BigInt(input.quantity);
    totalCents += lineCents;
    return {
      input,
      problem: null,
      row: {
        kind: input.kind,
        variant_id: input.kind === 'catalogue' ? key : null,
        agreed_item_id: input.kind === 'agreed_item' ? key : null,
        part_number: found.part_number,
        description: found.description,
        quantity: input.quantity,
        unit_price_cents: found.cents,
        line_total_cents: lineCents.toString(),
      },
      view: {
        kind: input.kind,
        ...ids,
        part_number: found.part_number,
        description: found.description,
        quantity: input.quantity,
        unit_price: repo.amount(found.cents),
        line_total: repo.amount(lineCents),
        last_price: lastPrice,
        status: lastCents !== undefined && lastCents !== found.cents ? 'price_changed' : 'ok',
      },
    };
  });
  return { lines: out, totalCents };
}
