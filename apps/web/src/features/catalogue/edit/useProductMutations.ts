import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueKeys } from '../queryKeys';
import { addProduct, deleteProduct } from './api';

/** Add / delete a product of the edited category; `refresh` reloads that category's products. */
export function useProductMutations(categoryId: string) {
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: ({ name, listId }: { name: string; listId: string }) => addProduct(name, listId),
  });
  const remove = useMutation({ mutationFn: (productId: string) => deleteProduct(productId) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: catalogueKeys.category(categoryId) });
  return { add, remove, refresh };
}
