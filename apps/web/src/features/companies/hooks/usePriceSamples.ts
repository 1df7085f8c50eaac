import { useQuery } from '@tanstack/react-query';
import type { CatalogueCategory, ProductLine } from '@portal/contracts';
import { parseMoneyToCents } from '@portal/domain';
import { fetchCategories, fetchProducts, fetchSubcategories } from '../../catalogue/api';
import type { MultiplierField } from '../format';

export interface PriceSample {
  field: MultiplierField;
  category: string;
  product: string;
  part_number: string;
  listCents: number;
}

const FIELD_OF_LINE: Record<ProductLine, MultiplierField> = {
  rigidflow: 'rigidflow_percentage',
  minipro: 'minipro_percentage',
  polyroll: 'polyroll_percentage',
};

const fieldOf = (c: CatalogueCategory): MultiplierField =>
  c.product_line ? FIELD_OF_LINE[c.product_line] : 'discount_percentage';

const LIST_PRICES = { listPrices: true, asCompany: null } as const;

/** A few real list prices priced by `field`: the first variants of the first category it prices. */
async function samplesFor(field: MultiplierField, categories: CatalogueCategory[], perField: number) {
  const category = categories.find((c) => fieldOf(c) === field);
  if (!category) return [];
  const subs = category.has_subcatalogues ? await fetchSubcategories(category._id, LIST_PRICES) : [];
  const { productDetails } = await fetchProducts(subs[0]?._id ?? category._id);
  const samples: PriceSample[] = [];
  for (const p of productDetails)
    for (const v of p.variants) {
      const listCents = parseMoneyToCents(v.list_price ?? v.customer_price);
      if (samples.length < perField && listCents !== null && !v.odd_size)
        samples.push({ field, category: category.name, product: p.name, part_number: v.part_number, listCents });
    }
  return samples;
}

/**
 * Sample list prices for the multipliers being changed on the edit screen (superadmin catalogue
 * reads, cached for the session); nothing is fetched until a multiplier changes.
 */
export function usePriceSamples(fields: readonly MultiplierField[], perField = 2) {
  return useQuery({
    queryKey: ['companies', 'price-samples', [...fields].sort(), perField],
    enabled: fields.length > 0,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      const categories = await fetchCategories(LIST_PRICES, signal);
      const all = await Promise.all(fields.map((f) => samplesFor(f, categories, perField)));
      return all.flat();
    },
  });
}
