import { PageTitle } from '../../../shared/ui';
import { CatalogueView } from '../components/CatalogueView';
import { useCatalogueSession } from '../hooks/useCatalogueQueries';

/**
 * Catalogue screen for every role (spec §2 Catalogue screen): /superadmin/catalog,
 * /admin/catalog, /employee/catalog.
 *
 * EDIT MODE (later issue, see ../edit/README.md): the superadmin's 'Edit Catalog' toggle and the
 * spreadsheet grid plug in HERE — render the toggle next to the title for `role === 'superadmin'`
 * and swap <CatalogueView/> for the edit grid while editing. View mode below is complete and
 * knows nothing about editing.
 */
export default function CatalogPage() {
  useCatalogueSession();
  return (
    <>
      <PageTitle>Catalog</PageTitle>
      <CatalogueView />
    </>
  );
}
