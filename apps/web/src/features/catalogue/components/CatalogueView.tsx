import { Grid, Stack, Title } from '@mantine/core';
import { CATALOGUE_MSG, isDimensionPanelHidden } from '@portal/domain';
import { useCategories, useIsSuperadmin, useSubcategories } from '../hooks/useCatalogueQueries';
import { useShallow } from 'zustand/react/shallow';
import { useCatalogueStore } from '../store';
import { CatalogueResults } from './CatalogueResults';
import { CategoryCards, CategoryCardsSkeleton } from './CategoryCards';
import { DimensionSearchPanel } from './DimensionSearchPanel';
import { NoResults } from './NoResults';
import { PartNumberSearch } from './PartNumberSearch';
import { LoadError, ProductListSkeleton } from './ProductList';
import { SubcategoryTabs, SubcategoryTabsSkeleton } from './SubcategoryTabs';

/** Inputs subscribe to their own slice, so typing does not re-render the product tables. */
function OddSizePanel() {
  const { dimensions, setDimensions, setSearch, resetSearch } = useCatalogueStore(
    useShallow((s) => ({
      dimensions: s.dimensions,
      setDimensions: s.setDimensions,
      setSearch: s.setSearch,
      resetSearch: s.resetSearch,
    })),
  );
  return (
    <DimensionSearchPanel
      values={dimensions}
      onChange={setDimensions}
      onSearch={(query) => setSearch({ kind: 'dimension', query })}
      onReset={resetSearch}
    />
  );
}

function PartNumberBox() {
  const { partNumber, setPartNumber, search, setSearch } = useCatalogueStore(
    useShallow((s) => ({
      partNumber: s.partNumber,
      setPartNumber: s.setPartNumber,
      search: s.search,
      setSearch: s.setSearch,
    })),
  );
  return (
    <PartNumberSearch
      value={partNumber}
      onChange={setPartNumber}
      onSearch={(pn) => setSearch({ kind: 'part', partNumber: pn })}
      onClear={() => {
        setPartNumber('');
        if (search?.kind === 'part') setSearch(null);
      }}
      active={search?.kind === 'part'}
    />
  );
}

/**
 * View mode of the catalogue for every role: category cards → sub-category tabs →
 * products with variant tables, part-number search and the Dimension (Odd Size Search) panel.
 */
export function CatalogueView() {
  const superadmin = useIsSuperadmin();
  const store = useCatalogueStore(
    useShallow((s) => ({
      categoryId: s.categoryId,
      subcategoryId: s.subcategoryId,
      search: s.search,
      textOnly: s.textOnly,
      selectCategory: s.selectCategory,
      selectSubcategory: s.selectSubcategory,
      setTextOnly: s.setTextOnly,
      resetSearch: s.resetSearch,
    })),
  );
  const categories = useCategories();

  const list = categories.data ?? [];
  // First category open on load; a remembered choice that vanished falls back to it too.
  const category = list.find((c) => c._id === store.categoryId) ?? list[0] ?? null;
  const hasSubs = category ? category.has_subcatalogues !== false : false;
  const subs = useSubcategories(category?._id ?? null, hasSubs);

  if (categories.isPending)
    return (
      <>
        <CategoryCardsSkeleton />
        <ProductListSkeleton label="Loading catalogue" />
      </>
    );
  if (categories.isError)
    return (
      <LoadError
        title={CATALOGUE_MSG.fetchCatalogueFailed}
        error={categories.error}
        onRetry={() => void categories.refetch()}
      />
    );
  if (!category) return <NoResults />;

  const subList = hasSubs && subs.isSuccess ? subs.data : [];
  const subsLoading = hasSubs && subs.isPending;
  // Empty list or failed load → the category holds its products directly.
  const sub = subList.find((s) => s._id === store.subcategoryId) ?? subList[0] ?? null;
  const listId = sub?._id ?? category._id;
  const panelHidden = isDimensionPanelHidden(category.name);

  const results = (
    <CatalogueResults
      key={listId}
      categoryId={category._id}
      categoryName={category.name}
      listId={listId}
      search={store.search}
      superadmin={superadmin}
      onReset={store.resetSearch}
    />
  );

  return (
    <>
      <CategoryCards
        categories={list}
        selectedId={category._id}
        onSelect={store.selectCategory}
        textOnly={store.textOnly}
        onTextOnlyChange={store.setTextOnly}
      />
      <Grid gap="lg">
        {!panelHidden && (
          <Grid.Col span={{ base: 12, md: 4, xl: 3 }}>
            <OddSizePanel />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, md: panelHidden ? 12 : 8, xl: panelHidden ? 12 : 9 }} miw={0}>
          <Stack gap="md">
            <Title order={2} fz="xl">
              {category.name}
            </Title>
            <PartNumberBox />
            {subsLoading ? (
              <>
                <SubcategoryTabsSkeleton />
                <ProductListSkeleton />
              </>
            ) : sub ? (
              <SubcategoryTabs
                categoryName={category.name}
                subcategories={subList}
                selectedId={sub._id}
                onSelect={store.selectSubcategory}
              >
                {results}
              </SubcategoryTabs>
            ) : (
              results
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
