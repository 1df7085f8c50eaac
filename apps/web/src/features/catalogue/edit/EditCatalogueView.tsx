/**
 * Superadmin edit view: title 'Edit {category}',
 * category cards and sub-category tabs (no Dimension panel), one product at a time in the grid,
 * the toolbar of the spec and the save / conflict / live flows.
 */
import { Group, Stack, Title } from '@mantine/core';
import { CategoriesFallback, SubcategoryPanel } from '../components/CatalogueFrame';
import { CategoryCards } from '../components/CategoryCards';
import { useCatalogueSelection } from '../hooks/useCatalogueSelection';
import { useCatalogueStore } from '../store';
import { SpreadsheetTools } from '../import/SpreadsheetTools';
import { CategoryProductLine } from './CategoryProductLine';
import { requestLeave } from './hooks';
import { ProductEditor } from './ProductEditor';

export function EditCatalogueView() {
  const selectCategory = useCatalogueStore((s) => s.selectCategory);
  const selectSubcategory = useCatalogueStore((s) => s.selectSubcategory);
  const { categories, shown } = useCatalogueSelection();
  if (!shown) return <CategoriesFallback query={categories} />;
  const { category, sub, products } = shown;

  const listLabel = sub ? `${category.name} ${sub.name}` : category.name;
  const panel = <ProductEditor key={products.listId} {...products} listLabel={listLabel} />;

  return (
    <>
      <CategoryCards
        categories={shown.list}
        selectedId={category._id}
        onSelect={(id) => id !== category._id && requestLeave(() => selectCategory(id))}
      />
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="xl">
            Edit {category.name}
          </Title>
          <Group gap="xs" align="flex-end" wrap="wrap">
            {'product_line' in category && (
              <CategoryProductLine categoryId={category._id} value={category.product_line ?? null} />
            )}
            <SpreadsheetTools categoryId={category._id} categoryName={category.name} subcategory={sub ?? null} />
          </Group>
        </Group>
        <SubcategoryPanel shown={shown} onSelect={(id) => id !== sub?._id && requestLeave(() => selectSubcategory(id))}>
          {panel}
        </SubcategoryPanel>
      </Stack>
    </>
  );
}

export default EditCatalogueView;
