import { Grid, Stack, Title } from '@mantine/core';
import { isDimensionPanelHidden } from '@portal/domain';
import { useIsSuperadmin } from '../hooks/useCatalogueQueries';
import { useCatalogueSelection } from '../hooks/useCatalogueSelection';
import { useShallow } from 'zustand/react/shallow';
import { useCatalogueStore } from '../store';
import { CatalogueResults } from './CatalogueResults';
import { CategoriesFallback, SubcategoryPanel } from './CatalogueFrame';
import { CategoryCards } from './CategoryCards';
import { DimensionSearchPanel } from './DimensionSearchPanel';
import { PartNumberSearch } from './PartNumberSearch';
import { FindBox } from '../../find';

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
  const { categories, list, category, subList, sub, subsLoading, listId } = useCatalogueSelection(
    store.categoryId,
    store.subcategoryId,
  );
  if (categories.isPending || categories.isError || !category || !listId)
    return <CategoriesFallback query={categories} />;
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
      <FindBox />
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
            <SubcategoryPanel
              loading={subsLoading}
              categoryName={category.name}
              subcategories={subList}
              selected={sub}
              onSelect={store.selectSubcategory}
            >
              {results}
            </SubcategoryPanel>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
