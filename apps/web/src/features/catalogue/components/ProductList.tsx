import { useEffect } from 'react';
import { Alert, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useShallow } from 'zustand/react/shallow';
import type { VariantColumn } from '@portal/domain';
import { failureDetail } from '../api';
import type { DisplayProduct } from '../types';
import { useCatalogueStore } from '../store';
import { ProductVariantTable, variantRowId } from './ProductVariantTable';
import { SizeGrid } from './SizeGrid';

interface Props {
  products: readonly DisplayProduct[];
  columns: readonly VariantColumn[];
  /** List prices (a superadmin's own view); otherwise the company's prices. */
  superadmin: boolean;
  /** Quote-request actions (customers only). */
  quotes: boolean;
}

/** Each product as its variant table, or as its size grid (the layout switch). */
export function ProductList({ products, columns, superadmin, quotes }: Props) {
  const { layout, focusVariant, showVariant } = useCatalogueStore(
    useShallow((s) => ({ layout: s.layout, focusVariant: s.focusVariant, showVariant: s.showVariant })),
  );
  // A size-grid cell opened this row: bring it into view and give it focus.
  useEffect(() => {
    if (layout !== 'table' || !focusVariant) return;
    const row = document.getElementById(variantRowId(focusVariant));
    row?.scrollIntoView?.({ block: 'center' });
    row?.focus({ preventScroll: true });
  }, [layout, focusVariant]);
  return (
    <Stack gap="md">
      {products.map((p) => (
        <ProductVariantTable
          key={p._id}
          product={p}
          columns={columns}
          superadmin={superadmin}
          quotes={quotes}
          highlightId={focusVariant}
        >
          {layout === 'grid' ? (
            <SizeGrid product={p} listPrices={superadmin} onPick={(v) => showVariant(v._id)} />
          ) : undefined}
        </ProductVariantTable>
      ))}
    </Stack>
  );
}

export function ProductListSkeleton({ label = 'Loading products' }: { label?: string }) {
  return (
    <Stack gap="md" role="status" aria-label={label} aria-busy="true">
      {[0, 1].map((i) => (
        <Paper key={i} withBorder radius="md" p="md">
          <Skeleton h={20} w="40%" mb="md" />
          {[0, 1, 2, 3].map((r) => (
            <Skeleton key={r} h={14} mb={10} />
          ))}
        </Paper>
      ))}
    </Stack>
  );
}

/** Load failure with its spec title ('Failed to fetch products', …), the server detail and a retry. */
export function LoadError({
  title,
  error,
  onRetry,
  fallbackDetail,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
  /** Shown when the failure carries no reason of its own. */
  fallbackDetail?: string;
}) {
  const detail = failureDetail(error) ?? fallbackDetail ?? null;
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        {detail && detail !== title && <Text fz="sm">{detail}</Text>}
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
