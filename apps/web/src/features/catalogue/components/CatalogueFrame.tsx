/** Pieces shared by the view and edit screens of the catalogue. */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { CATALOGUE_MSG } from '@portal/domain';
import type { useCategories } from '../hooks/useCatalogueQueries';
import type { ShownCatalogue } from '../hooks/useCatalogueSelection';
import { CategoryCardsSkeleton } from './CategoryCards';
import { NoResults } from './NoResults';
import { LoadError, ProductListSkeleton } from './ProductList';
import { SubcategoryTabs, SubcategoryTabsSkeleton } from './SubcategoryTabs';

/** What the screen shows while the categories load, when they failed, or when there are none. */
export function CategoriesFallback({ query }: { query: ReturnType<typeof useCategories> }) {
  if (query.isPending)
    return (
      <>
        <CategoryCardsSkeleton />
        <ProductListSkeleton label="Loading catalogue" />
      </>
    );
  // The first load of the screen: 'Failed to initialize catalog. Please try again.' with the server's
  // reason, 'Unexpected response status: {status}', or 'Failed to fetch catalogue data'.
  if (query.isError)
    return (
      <LoadError
        title={CATALOGUE_MSG.initFailed}
        error={query.error}
        fallbackDetail={CATALOGUE_MSG.fetchCatalogueFailed}
        onRetry={() => void query.refetch()}
      />
    );
  return <NoResults />;
}

/** The product panel, inside sub-category tabs when the shown category has sub-categories. */
export function SubcategoryPanel({
  shown,
  onSelect,
  children,
}: {
  shown: ShownCatalogue;
  onSelect: (id: string) => void;
  children: ReactNode;
}) {
  if (shown.subsLoading)
    return (
      <>
        <SubcategoryTabsSkeleton />
        <ProductListSkeleton />
      </>
    );
  if (!shown.sub) return <>{children}</>;
  return (
    <SubcategoryTabs
      categoryName={shown.category.name}
      subcategories={shown.subList}
      selectedId={shown.sub._id}
      onSelect={onSelect}
    >
      {children}
    </SubcategoryTabs>
  );
}

/** The product list while it loads or after it failed. */
export function ProductsFallback({ query }: { query: UseQueryResult<unknown> }) {
  if (query.isPending) return <ProductListSkeleton />;
  return (
    <LoadError title={CATALOGUE_MSG.fetchProductsFailed} error={query.error} onRetry={() => void query.refetch()} />
  );
}
