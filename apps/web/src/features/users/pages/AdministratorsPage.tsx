import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { SimpleGrid, Stack } from '@mantine/core';
import { ORG_MSG, PAGE_SIZES } from '@portal/domain';
import { PageTitle } from '../../../shared/ui';
import { usersApi, usersKeys } from '../api';
import { Pagination, StatTile } from '../../../shared/kit';
import { FilteredUsersTable, useListFilters } from '../../../shared/list-screen';
import { ADD_USER_TEXTS, AddUserButton } from '../../../shared/users';
import { AddUserModal, passwordOrInvite, type AddUserValues } from '../components/AddUserModal';
import { InvitationActions } from '../components/InvitationActions';
import { useCreateUser, useDeleteUsers } from '../mutations';
import { useOrgLiveRefresh } from '../useOrgLiveRefresh';
import { useCompanyOptions } from '../useCompanyOptions';

const PAGE_SIZE = PAGE_SIZES.administrators;

/** Administrators screen: tiles, status filter, bulk delete, Add Administrator, 20 per page. */
export default function AdministratorsPage() {
  const queryClient = useQueryClient();
  const deleteUsers = useDeleteUsers();
  const createUser = useCreateUser();
  const filters = useListFilters();
  const { search, status, page, setPage } = filters;
  const [adding, setAdding] = useState(false);
  useOrgLiveRefresh({ alsoOnNotification: true });

  const stats = useQuery({ queryKey: usersKeys.stats, queryFn: usersApi.stats });
  const list = useQuery({
    queryKey: usersKeys.administrators(page, status, search.term),
    queryFn: () => usersApi.administrators(page, PAGE_SIZE, status, search.term),
    placeholderData: keepPreviousData,
  });
  const companies = useCompanyOptions(adding);

  const rows = list.isError ? [] : (list.data?.users ?? []);
  const total = list.isError ? 0 : (list.data?.totalcount ?? 0);

  const refresh = () => queryClient.invalidateQueries({ queryKey: usersKeys.all });

  const deleteAdministrators = async (ids: string[], untick: () => void) => {
    const ok = await deleteUsers(ids, {
      success: ORG_MSG.success.adminDeleted,
      failureTitle: ORG_MSG.failure.adminDelete,
    });
    if (ok) {
      untick();
      // A page emptied by the delete falls back to the last page that still has rows.
      setPage((p) => Math.min(p, Math.max(1, Math.ceil((total - ids.length) / PAGE_SIZE))));
    }
    await refresh();
  };

  const addAdministrator = async (values: AddUserValues) => {
    await createUser({
      company_id: values.company_id,
      username: values.username,
      email: values.email,
      ...passwordOrInvite(values),
      action: 'admin',
    });
    await refresh();
  };

  return (
    <Stack gap="lg">
      <PageTitle>Administrators</PageTitle>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <StatTile
          label="Total Administrators"
          value={stats.data?.totalAdmins}
          action={{ label: 'Add an administrator', onClick: () => setAdding(true) }}
        />
        <StatTile label="Total Employees" value={stats.data?.totalEmployees} />
        <StatTile
          label="Active Companies"
          value={stats.data?.activeCompanies}
          action={{ label: 'Go to Companies to add one', to: '/superadmin/companies' }}
        />
      </SimpleGrid>
      <div>
        <FilteredUsersTable
          label="Administrators"
          rows={rows}
          columns={['username', 'companyName', 'email', 'status', 'lastLogin', 'link']}
          rowHref={(r) => `/superadmin/administrators/${r._id}`}
          statusExtra={(r) => <InvitationActions row={r} />}
          emptyText={ORG_MSG.failure.noUsers.replace(/\.$/, '')}
          loading={list.isLoading}
          filters={filters}
          deleteNoun="administrator"
          onDelete={deleteAdministrators}
          actions={<AddUserButton onClick={() => setAdding(true)}>Add Administrator</AddUserButton>}
        />
        <Pagination page={page} total={total} pageSize={PAGE_SIZE} onChange={setPage} />
      </div>
      <AddUserModal
        opened={adding}
        onClose={() => setAdding(false)}
        companies={companies.data ?? []}
        onSubmit={addAdministrator}
        texts={{ ...ADD_USER_TEXTS.admin, failureFallback: ORG_MSG.failure.adminAdd }}
      />
    </Stack>
  );
}
