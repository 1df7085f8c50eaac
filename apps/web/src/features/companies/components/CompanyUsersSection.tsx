import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Group } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { ORG_MSG } from '@portal/domain';
import {
  ListSearchInput,
  StatusFilter,
  UsersTable,
  confirmDelete,
  useListSearch,
  useRowSelection,
} from '../../../shared/kit';
import {
  AddUserModal,
  InvitationActions,
  passwordOrInvite,
  type AddUserValues,
  useCreateUser,
  useDeleteUsers,
  usersKeys,
} from '../../users';
import { companiesApi, companiesKeys, type UserStatusFilter } from '../api';

type Adding = null | 'admin' | 'employee';

const ADD_TEXTS = {
  admin: {
    title: 'Add Administrator',
    submit: 'Add Administrator',
    success: ORG_MSG.success.adminAdded,
    failureTitle: ORG_MSG.failure.adminNotAdded,
    failureFallback: ORG_MSG.failure.adminAdd,
  },
  employee: {
    title: 'Add Employee',
    submit: 'Add Employee',
    success: ORG_MSG.success.employeeAdded,
    failureTitle: ORG_MSG.failure.employeeNotAdded,
    failureFallback: 'Failed to add employee',
  },
} as const;

export const companyUserPath = (companyId: string, userId: string) =>
  `/superadmin/companies/${companyId}/user/${userId}`;

/**
 * Users of one company: status filter, Add Administrator / Add Employee,
 * bulk delete and the table (checkbox, Username, Email, Role, Status, Last login, link to user/{id}).
 */
export function CompanyUsersSection({ companyId }: { companyId: string }) {
  const queryClient = useQueryClient();
  const deleteUsers = useDeleteUsers();
  const createUser = useCreateUser();
  const [status, setStatus] = useState<UserStatusFilter>('');
  const search = useListSearch();
  const [adding, setAdding] = useState<Adding>(null);
  const query = useQuery({
    queryKey: companiesKeys.usersFiltered(companyId, status, search.term),
    queryFn: () => companiesApi.users(companyId, status, search.term),
  });
  // Load failures leave an empty list with 'No User found.'
  const rows = query.isError ? [] : (query.data ?? []);
  const selection = useRowSelection(rows.map((r) => r._id));

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: companiesKeys.users(companyId) }),
      queryClient.invalidateQueries({ queryKey: companiesKeys.detail(companyId) }),
      queryClient.invalidateQueries({ queryKey: companiesKeys.lists }),
      queryClient.invalidateQueries({ queryKey: usersKeys.all }),
    ]);

  const addUser = async (values: AddUserValues) => {
    await createUser({
      company_id: companyId,
      username: values.username,
      email: values.email,
      ...passwordOrInvite(values),
      action: adding ?? 'employee',
    });
    await refresh();
  };

  const bulkDelete = (ids: string[]) =>
    confirmDelete({
      count: ids.length,
      onConfirm: async () => {
        if (await deleteUsers(ids)) {
          selection.clear();
          await refresh();
        }
      },
    });

  return (
    <>
      <UsersTable
        label="Company users"
        rows={rows}
        loading={query.isPending}
        columns={['username', 'email', 'role', 'status', 'lastLogin', 'link']}
        selected={selection.selected}
        onSelectedChange={selection.setSelected}
        rowHref={(r) => companyUserPath(companyId, r._id)}
        statusExtra={(r) => <InvitationActions row={r} />}
        emptyText={ORG_MSG.empty.noUsers}
        onBulkDelete={bulkDelete}
        bulkDeleteLabel="Delete selected"
        toolbar={
          <Group gap="sm">
            <ListSearchInput
              value={search.input}
              onChange={search.setInput}
              label="Search users"
              placeholder="Search username or email"
            />
            <StatusFilter value={status} onChange={setStatus} />
            <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setAdding('admin')}>
              Add Administrator
            </Button>
            <Button
              variant="light"
              leftSection={<IconUserPlus size={16} aria-hidden />}
              onClick={() => setAdding('employee')}
            >
              Add Employee
            </Button>
          </Group>
        }
      />
      <AddUserModal
        opened={adding !== null}
        onClose={() => setAdding(null)}
        texts={ADD_TEXTS[adding ?? 'employee']}
        onSubmit={addUser}
      />
    </>
  );
}
