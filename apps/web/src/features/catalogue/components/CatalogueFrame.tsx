/** Pieces shared by the view and edit screens of the catalogue. */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { CATALOGUE_MSG } from '@portal/domain';
import type { useCategories } from '../hooks/useCatalogueQueries';
import type { CatalogueSubcategory } from '../types';
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

/** The product panel, inside sub-category tabs when the category has sub-categories. */
export function SubcategoryPanel({
  loading,
  categoryName,
  subcategories,
  selected,
  onSelect,
  children,
}: {
  loading: boolean;
  categoryName: string;
  subcategories: CatalogueSubcategory[];
  selected: CatalogueSubcategory | null;
  onSelect: (id: string) => void;
  children: ReactNode;
}) {
  if (loading)
    return (
      <>
        <SubcategoryTabsSkeleton />
        <ProductListSkeleton />
      </>
    );
  if (!selected) return <>{children}</>;
  return (
    <SubcategoryTabs
      categoryName={categoryName}
      subcategories={subcategories}
      selectedId={selected._id}
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
