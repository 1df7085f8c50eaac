/** The superadmin's choice of which company multiplier prices a category (renaming it never does). */
import { NativeSelect } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { ProductLine } from '@portal/contracts';
import {
  CATALOGUE_EDITING_ROUTES,
  MULTIPLIER_LABELS,
  PRODUCT_LINES,
  PRODUCT_LINE_MSG,
  percentageFieldForProductLine,
} from '@portal/domain';
import { useRouteMutation } from '../../../shared/api';
import { catalogueKeys } from '../queryKeys';

const OPTIONS: { value: ProductLine | ''; label: string }[] = [
  { value: '', label: `${MULTIPLIER_LABELS.discount_percentage} (general)` },
  ...PRODUCT_LINES.map((line) => ({ value: line, label: MULTIPLIER_LABELS[percentageFieldForProductLine(line)] })),
];

export function CategoryProductLine({ categoryId, value }: { categoryId: string; value: ProductLine | null }) {
  const queryClient = useQueryClient();
  const mutation = useRouteMutation(CATALOGUE_EDITING_ROUTES.updateCategory, {
    input: (line: ProductLine | null) => ({ params: { categoryId }, body: { product_line: line } }),
    call: { silent: true },
    onSuccess: () => {
      notifications.show({ color: 'teal', message: PRODUCT_LINE_MSG.updated, autoClose: 3000 });
      return queryClient.invalidateQueries({ queryKey: catalogueKeys.categories(true) });
    },
    onError: () => notifications.show({ color: 'red', message: PRODUCT_LINE_MSG.updateFailed, autoClose: 5000 }),
  });
  return (
    <NativeSelect
      label="Customers pay"
      value={value ?? ''}
      data={OPTIONS}
      disabled={mutation.isPending}
      onChange={(e) => mutation.mutate((e.currentTarget.value || null) as ProductLine | null)}
      style={{ minWidth: 240 }}
    />
  );
}
