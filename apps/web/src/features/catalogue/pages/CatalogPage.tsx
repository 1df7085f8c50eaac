import { lazy, Suspense, type ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { PageTitle } from '../../../shared/ui';
import { CatalogueAccessGate, CatalogueCompany } from '../components/CatalogueAccess';
import { CatalogueView } from '../components/CatalogueView';
import { ProductListSkeleton } from '../components/ProductList';
import { requestLeave, useUnsavedChangesGuard } from '../edit/hooks';
import { ViewAsCompany } from '../components/ViewAsCompany';
import { useCatalogueSession, useIsSuperadmin } from '../hooks/useCatalogueQueries';
import { useCatalogueUrlSync } from '../hooks/useCatalogueUrl';
import { CatalogueRowActionContext, type CatalogueRowAction } from '../rowAction';
import { useCatalogueStore } from '../store';

/** The grid (react-datasheet-grid) loads only when a superadmin opens edit mode. */
const EditCatalogueView = lazy(() => import('../edit/EditCatalogueView'));

/**
 * Catalogue screen for every role: /superadmin/catalog,
 * /admin/catalog, /employee/catalog. A superadmin toggles 'Edit Catalog' to swap the view for the
 * edit grid (../edit); leaving with unsaved edits prompts Save / Discard / Stay Here. `actions`: what
 * the customer roles can do from here (the app passes the price-list buttons), `draftBar` what shows
 * above their catalogue (the quote draft), `rowAction` what ends each variant row (the order's
 * quantity and "Add to order"); catalogue imports no higher feature.
 */
export default function CatalogPage({
  actions,
  draftBar,
  rowAction,
}: {
  actions?: ReactNode;
  draftBar?: ReactNode;
  rowAction?: CatalogueRowAction;
}) {
  const superadmin = useIsSuperadmin();
  return (
    <CatalogueAccessGate superadmin={superadmin}>
      <CatalogueRowActionContext.Provider value={superadmin ? null : (rowAction ?? null)}>
        <CatalogueScreen superadmin={superadmin} actions={actions} draftBar={draftBar} />
      </CatalogueRowActionContext.Provider>
    </CatalogueAccessGate>
  );
}

function CatalogueScreen({
  superadmin,
  actions,
  draftBar,
}: {
  superadmin: boolean;
  actions?: ReactNode;
  draftBar?: ReactNode;
}) {
  useCatalogueSession();
  useCatalogueUrlSync();
  const mode = useCatalogueStore((s) => s.mode);
  const setMode = useCatalogueStore((s) => s.setMode);
  const asCompany = useCatalogueStore((s) => s.asCompany);
  const setAsCompany = useCatalogueStore((s) => s.setAsCompany);
  const editing = superadmin && mode === 'edit';
  useUnsavedChangesGuard(editing);

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <PageTitle>Catalog</PageTitle>
        {!superadmin && actions}
        {superadmin && !asCompany && (
          <Button
            variant={editing ? 'filled' : 'light'}
            aria-pressed={editing}
            onClick={() => (editing ? requestLeave(() => setMode('view')) : setMode('edit'))}
          >
            Edit Catalog
          </Button>
        )}
      </Group>
      {!superadmin && <CatalogueCompany />}
      {superadmin && !editing && (
        <Group align="flex-end" mb="md" wrap="wrap">
          <ViewAsCompany companyId={asCompany} onChange={setAsCompany} />
        </Group>
      )}
      {editing ? (
        <Suspense fallback={<ProductListSkeleton label="Loading editor" />}>
          <EditCatalogueView />
        </Suspense>
      ) : (
        <>
          {!superadmin && draftBar}
          <CatalogueView />
        </>
      )}
    </>
  );
}
