import { useQueryClient } from '@tanstack/react-query';
import { CATALOGUE_EDITING_ROUTES as R } from '@portal/domain';
import { useRouteMutation } from '../../../shared/api';
import { catalogueKeys } from '../queryKeys';
import { defaultProductVariant } from './model';

/** Add / delete a product of the edited category; `refresh` reloads that category's products. */
export function useProductMutations(categoryId: string) {
  const queryClient = useQueryClient();
  const add = useRouteMutation(R.addProduct, {
    input: ({ name, listId }: { name: string; listId: string }) => ({
      body: { name, catalogue_id: listId, variants: [defaultProductVariant()] },
    }),
  });
  const remove = useRouteMutation(R.deleteProduct, {
    input: (productId: string) => ({ params: { id: productId } }),
    call: { silent: true },
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: catalogueKeys.category(categoryId) });
  return { add, remove, refresh };
}
