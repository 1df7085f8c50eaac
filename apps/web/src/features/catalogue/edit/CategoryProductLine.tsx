/** The superadmin's choice of which company multiplier prices a category (renaming it never does). */
import { NativeSelect } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductLine } from '@portal/contracts';
import { PRODUCT_LINE_MSG } from '@portal/domain';
import { catalogueKeys } from '../queryKeys';
import { setCategoryProductLine } from './api';

const OPTIONS: { value: ProductLine | ''; label: string }[] = [
  { value: '', label: 'Price Multiplier (general)' },
  { value: 'rigidflow', label: 'Rigidflow Multiplier' },
  { value: 'minipro', label: 'Minipro Multiplier' },
  { value: 'polyroll', label: 'Polyroll Multiplier' },
];

export function CategoryProductLine({ categoryId, value }: { categoryId: string; value: ProductLine | null }) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (line: ProductLine | null) => setCategoryProductLine(categoryId, line),
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
