import { Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { isDimensionPanelHidden } from '@portal/domain';
import { useCatalogueViewer } from '../hooks/useCatalogueQueries';
import { useCatalogueSelection } from '../hooks/useCatalogueSelection';
import { usePartNumberLookup } from '../hooks/usePartNumberLookup';
import { useShallow } from 'zustand/react/shallow';
import { useCatalogueStore, type ProductLayout } from '../store';
import { CatalogueResults } from './CatalogueResults';
import { CategoriesFallback, SubcategoryPanel } from './CatalogueFrame';
import { CategoryCards } from './CategoryCards';
import { DimensionSearchPanel } from './DimensionSearchPanel';
import { PartNumberSearch } from './PartNumberSearch';
import { FindBox } from '../../find';
import { RequestQuoteForm } from '../../quotes';
import classes from './CatalogueView.module.css';

/** Inputs subscribe to their own slice, so typing does not re-render the product tables. */
function OddSizePanel({ quoteCatalogueId }: { quoteCatalogueId?: string }) {
  const { dimensions, setDimensions, search, setSearch, resetSearch } = useCatalogueStore(
    useShallow((s) => ({
      dimensions: s.dimensions,
      setDimensions: s.setDimensions,
      search: s.search,
      setSearch: s.setSearch,
      resetSearch: s.resetSearch,
    })),
  );
  // Below 62em the panel sits above the products, folded under its title.
  const phone = useMediaQuery('(max-width: 61.99em)') ?? false;
  return (
    <DimensionSearchPanel
      values={dimensions}
      onChange={setDimensions}
      onSearch={(query) => setSearch({ kind: 'dimension', query })}
      onReset={resetSearch}
      quoteCatalogueId={quoteCatalogueId}
      onInvalid={() => {
        if (search?.kind === 'dimension') setSearch(null);
      }}
      collapsible={phone}
      open={search?.kind === 'dimension'}
    />
  );
}

function PartNumberBox({ listId, asCompany }: { listId: string; asCompany: string | null }) {
  const { partNumber, setPartNumber, search, setSearch } = useCatalogueStore(
    useShallow((s) => ({
      partNumber: s.partNumber,
      setPartNumber: s.setPartNumber,
      search: s.search,
      setSearch: s.setSearch,
    })),
  );
  const lookUp = usePartNumberLookup(listId, asCompany);
  return (
    <PartNumberSearch
      value={partNumber}
      onChange={setPartNumber}
      onSearch={(pn) => void lookUp(pn)}
      onClear={() => {
        setPartNumber('');
        if (search?.kind === 'part') setSearch(null);
      }}
      active={search?.kind === 'part'}
    />
  );
}

const LAYOUTS: { label: string; value: ProductLayout }[] = [
  { label: 'Table', value: 'table' },
  { label: 'Size grid', value: 'grid' },
];

function LayoutSwitch() {
  const { layout, setLayout } = useCatalogueStore(useShallow((s) => ({ layout: s.layout, setLayout: s.setLayout })));
  return (
    <SegmentedControl
      size="xs"
      aria-label="Show products as"
      data={LAYOUTS}
      value={layout}
      onChange={(v) => setLayout(v as ProductLayout)}
    />
  );
}

/**
 * View mode of the catalogue for every role: category cards → sub-category tabs → products (tables
 * or size grids), part-number search and the Dimension (Odd Size Search) panel. The view is in the
 * URL (hooks/useCatalogueUrl.ts); the layout is in CatalogueView.module.css.
 */
export function CatalogueView() {
  const viewer = useCatalogueViewer();
  const store = useCatalogueStore(
    useShallow((s) => ({
      search: s.search,
      selectCategory: s.selectCategory,
      selectSubcategory: s.selectSubcategory,
      resetSearch: s.resetSearch,
    })),
  );
  const { categories, shown } = useCatalogueSelection();
  if (!shown) return <CategoriesFallback query={categories} />;
  const { category, products } = shown;
  const panelHidden = isDimensionPanelHidden(category.name);

  const results = (
    <CatalogueResults
      key={products.listId}
      {...products}
      search={store.search}
      superadmin={viewer.listPrices}
      quotes={!viewer.superadmin}
      onReset={store.resetSearch}
    />
  );

  return (
    <>
      <FindBox
        asCompany={viewer.asCompany}
        nothingFound={
          viewer.superadmin
            ? undefined
            : (q) => (
                <RequestQuoteForm
                  key={q}
                  title={`Ask the office about '${q}'`}
                  line={{ kind: 'unlisted', part_number: q }}
                />
              )
        }
      />
      <CategoryCards categories={shown.list} selectedId={category._id} onSelect={store.selectCategory} />
      <div className={classes.layout} data-no-odd={panelHidden || undefined}>
        <Stack gap="md" className={classes.head}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={2} fz="xl">
              {category.name}
            </Title>
            <LayoutSwitch />
          </Group>
          <PartNumberBox listId={products.listId} asCompany={viewer.asCompany} />
        </Stack>
        {!panelHidden && (
          <div className={classes.odd}>
            {/* Quote requests are for customers: not for a superadmin, even viewing as a company. */}
            <OddSizePanel quoteCatalogueId={viewer.superadmin ? undefined : products.listId} />
          </div>
        )}
        <div className={classes.results}>
          <SubcategoryPanel shown={shown} onSelect={store.selectSubcategory}>
            {results}
          </SubcategoryPanel>
        </div>
      </div>
    </>
  );
}
