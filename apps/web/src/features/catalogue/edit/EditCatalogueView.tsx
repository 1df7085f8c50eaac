/**
 * Superadmin edit view: title 'Edit {category}',
 * category cards and sub-category tabs (no Dimension panel), one product at a time in the grid,
 * the toolbar of the spec and the save / conflict / live flows.
 */
import { Group, Stack, Title } from '@mantine/core';
import { useShallow } from 'zustand/react/shallow';
import { CategoriesFallback, SubcategoryPanel } from '../components/CatalogueFrame';
import { CategoryCards } from '../components/CategoryCards';
import { useCatalogueSelection } from '../hooks/useCatalogueSelection';
import { useCatalogueStore } from '../store';
import { SpreadsheetTools } from '../import/SpreadsheetTools';
import { CategoryProductLine } from './CategoryProductLine';
import { requestLeave } from './hooks';
import { ProductEditor } from './ProductEditor';

export function EditCatalogueView() {
  const sel = useCatalogueStore(
    useShallow((s) => ({
      categoryId: s.categoryId,
      subcategoryId: s.subcategoryId,
      textOnly: s.textOnly,
      selectCategory: s.selectCategory,
      selectSubcategory: s.selectSubcategory,
      setTextOnly: s.setTextOnly,
    })),
  );
  const { categories, list, category, subList, sub, subsLoading, listId } = useCatalogueSelection(
    sel.categoryId,
    sel.subcategoryId,
  );
  if (categories.isPending || categories.isError || !category || !listId)
    return <CategoriesFallback query={categories} />;

  const listLabel = sub ? `${category.name} ${sub.name}` : category.name;
  const panel = (
    <ProductEditor
      key={listId}
      categoryId={category._id}
      categoryName={category.name}
      listId={listId}
      listLabel={listLabel}
    />
  );

  return (
    <>
      <CategoryCards
        categories={list}
        selectedId={category._id}
        onSelect={(id) => id !== category._id && requestLeave(() => sel.selectCategory(id))}
        textOnly={sel.textOnly}
        onTextOnlyChange={sel.setTextOnly}
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
        <SubcategoryPanel
          loading={subsLoading}
          categoryName={category.name}
          subcategories={subList}
          selected={sub}
          onSelect={(id) => id !== sub?._id && requestLeave(() => sel.selectSubcategory(id))}
        >
          {panel}
        </SubcategoryPanel>
      </Stack>
    </>
  );
}

export default EditCatalogueView;
