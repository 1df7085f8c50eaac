import { Alert, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { VariantColumn } from '@portal/domain';
import { failureDetail } from '../api';
import type { DisplayProduct } from '../types';
import { ProductVariantTable } from './ProductVariantTable';

interface Props {
  products: readonly DisplayProduct[];
  columns: readonly VariantColumn[];
  superadmin: boolean;
}

export function ProductList({ products, columns, superadmin }: Props) {
  return (
    <Stack gap="md">
      {products.map((p) => (
        <ProductVariantTable key={p._id} product={p} columns={columns} superadmin={superadmin} />
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
