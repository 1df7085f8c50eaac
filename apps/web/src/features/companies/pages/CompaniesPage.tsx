import { useState } from 'react';
import { Center, Loader, SimpleGrid, Text } from '@mantine/core';
import { PageTitle } from '../../../shared/ui';
import { AddCompanyModal } from '../components/AddCompanyModal';
import { CompaniesEmptyState } from '../components/CompaniesEmptyState';
import { CompaniesToolbar, type CompaniesView } from '../components/CompaniesToolbar';
import { CompanyCard } from '../components/CompanyCard';
import { CompanyTable } from '../components/CompanyTable';
import { COMPANIES_PAGE_SIZE, useCompaniesList } from '../hooks/useCompaniesList';
import { Pagination } from '../../../shared/kit';
import { useOrgLiveRefresh } from '../../users';
import { companyChangeKeys } from '../api';

/** Superadmin companies list. */
export default function CompaniesPage() {
  const s = useCompaniesList();
  const [view, setView] = useState<CompaniesView>('grid');
  const [adding, setAdding] = useState(false);
  useOrgLiveRefresh({ companyKeys: companyChangeKeys });

  return (
    <>
      <PageTitle>Companies</PageTitle>
      <CompaniesToolbar
        search={s.input}
        searching={s.searching}
        onSearch={s.changeSearch}
        onClear={s.clearSearch}
        sortBy={s.sortBy}
        sortOrder={s.sortOrder}
        onSort={s.sortByColumn}
        onToggleOrder={s.toggleOrder}
        view={view}
        onView={setView}
        onAdd={() => setAdding(true)}
      />
      {!s.loaded ? (
        <Center py="xl">
          <Loader aria-label="Loading companies" />
        </Center>
      ) : s.list.length === 0 ? (
        <CompaniesEmptyState search={s.search} onClear={s.clearSearch} />
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="sm" aria-live="polite">
            Showing {s.list.length} of {s.total} companies
          </Text>
          {view === 'grid' ? (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {s.list.map((c) => (
                <CompanyCard key={c._id} company={c} />
              ))}
            </SimpleGrid>
          ) : (
            <CompanyTable companies={s.list} sortBy={s.sortBy} sortOrder={s.sortOrder} onSort={s.sortByColumn} />
          )}
          <Pagination page={s.page} total={s.total} pageSize={COMPANIES_PAGE_SIZE} onChange={s.setPage} />
        </>
      )}
      <AddCompanyModal opened={adding} onClose={() => setAdding(false)} />
    </>
  );
}
