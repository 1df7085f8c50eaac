import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { customSize, customSizeText, variantTableColumns } from '@portal/domain';
import { RequestQuoteForm } from '../../quotes';
import { useDimensionSearch, usePartNumberSearch, useProducts } from '../hooks/useCatalogueQueries';
import type { ShownList } from '../hooks/useCatalogueSelection';
import { useCatalogueStore, type ActiveSearch } from '../store';
import type { DimensionSearchQuery, DisplayProduct } from '../types';
import { ProductsFallback } from './CatalogueFrame';
import { NoResults } from './NoResults';
import { ProductList, ProductListSkeleton } from './ProductList';

interface Props extends ShownList {
  search: ActiveSearch;
  /** List prices (a superadmin's own view). */
  superadmin: boolean;
  /** Quote-request actions: customers only (not a superadmin viewing as a company). */
  quotes: boolean;
  onReset: () => void;
}

const ACTION_LABEL = { 'exact-measurement': 'exact', 'not-exactly': 'nominal' } as const;

function SearchSummary({ text, onReset }: { text: string; onReset: () => void }) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Text fw={600} role="status">
        {text}
      </Text>
      <Button size="xs" variant="default" onClick={onReset}>
        Reset
      </Button>
    </Group>
  );
}

/** Under the odd-size dead end: the searched size as a quote request (customers only). */
/** A custom size is asked of the searched family (the category), not of the depth tab that was open. */
function SizeQuote({ categoryId, q }: { categoryId: string; q: DimensionSearchQuery }) {
  const measure = q.action === 'exact-measurement' ? 'exact' : 'nominal';
  const size = customSize(q.width, q.height, q.depth, measure);
  if (!size.ok) return null;
  return (
    <RequestQuoteForm
      title={`Request a quote for ${customSizeText(size.size)}`}
      line={{
        kind: 'custom_size',
        catalogue_id: categoryId,
        width: q.width,
        height: q.height,
        depth: q.depth,
        measure,
      }}
    />
  );
}

function dimensionText(q: DimensionSearchQuery): string {
  return `Odd size results for ${q.width} x ${q.height} x ${q.depth} (${ACTION_LABEL[q.action]})`;
}

/**
 * A search's results, brought into view once they are there (after Search, the results may start
 * below the fold — on a phone, below the inputs). Focus moves to the summary for screen readers.
 */
function SearchResults({ active, children }: { active: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const seq = useCatalogueStore((s) => s.searchSeq);
  const shown = useRef(seq);
  useEffect(() => {
    if (!active || shown.current === seq || !ref.current) return;
    shown.current = seq;
    ref.current.scrollIntoView?.({ block: 'start' });
    ref.current.focus({ preventScroll: true });
  }, [active, seq]);
  return (
    <div ref={ref} tabIndex={-1} data-search-results style={{ scrollMarginTop: 72, outline: 'none' }}>
      {children}
    </div>
  );
}

/** The selected list's products, or the active part-number / odd-size search result. */
export function CatalogueResults(props: Props) {
  return (
    <SearchResults active={!!props.search}>
      <Results {...props} />
    </SearchResults>
  );
}

function Results({ categoryId, categoryName, listId, search, superadmin, quotes, onReset }: Props) {
  const partNumber = search?.kind === 'part' ? search.partNumber : null;
  const dimensions = search?.kind === 'dimension' ? search.query : null;
  const products = useProducts(categoryId, listId);
  const part = usePartNumberSearch(categoryId, listId, partNumber);
  const odd = useDimensionSearch(categoryId, listId, dimensions);

  if (partNumber) {
    if (part.isPending) return <ProductListSkeleton label="Searching" />;
    // 404 'Product not found' and any failure → the no-results state.
    const found: DisplayProduct | null = part.isSuccess ? part.data : null;
    return (
      <Stack gap="md">
        <SearchSummary text={`Part number results for "${partNumber}"`} onReset={onReset} />
        {found ? (
          <ProductList
            products={[found]}
            columns={variantTableColumns(categoryName)}
            superadmin={superadmin}
            quotes={quotes}
          />
        ) : (
          <>
            <NoResults onReset={onReset} />
            {quotes && (
              <RequestQuoteForm
                key={partNumber}
                title={`Ask the office about '${partNumber}'`}
                line={{ kind: 'unlisted', part_number: partNumber }}
              />
            )}
          </>
        )}
      </Stack>
    );
  }

  if (dimensions) {
    if (odd.isPending) return <ProductListSkeleton label="Searching" />;
    const found = (odd.isSuccess ? odd.data : []).filter((p) => p.variants?.length);
    const variants = found.flatMap((p) => p.variants);
    return (
      <Stack gap="md">
        <SearchSummary text={dimensionText(dimensions)} onReset={onReset} />
        {found.length ? (
          <>
            {variants.some((v) => v.odd_size) && (
              <Text fz="sm" c="gray.7">
                Custom sizes are made to order and are final sale.
              </Text>
            )}
            <ProductList
              products={found}
              columns={variantTableColumns(categoryName, variants)}
              superadmin={superadmin}
              quotes={quotes}
            />
          </>
        ) : (
          <>
            <NoResults onReset={onReset} />
            {quotes && (
              <SizeQuote
                key={`${dimensions.width}x${dimensions.height}x${dimensions.depth}`}
                categoryId={categoryId}
                q={dimensions}
              />
            )}
          </>
        )}
      </Stack>
    );
  }

  if (products.isPending || products.isError) return <ProductsFallback query={products} />;
  const list = products.data.productDetails;
  if (!list.length) return <NoResults />;
  return (
    <ProductList products={list} columns={variantTableColumns(categoryName)} superadmin={superadmin} quotes={quotes} />
  );
}
