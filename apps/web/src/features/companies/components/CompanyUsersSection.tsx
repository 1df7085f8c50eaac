import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ORG_MSG } from '@portal/domain';
import { FilteredUsersTable, useListFilters } from '../../../shared/list-screen';
import { ADD_USER_TEXTS, AddUserButton } from '../../../shared/users';
import {
  AddUserModal,
  InvitationActions,
  passwordOrInvite,
  type AddUserValues,
  useCreateUser,
  useDeleteUsers,
  usersKeys,
} from '../../users';
import { companiesApi, companiesKeys } from '../api';

type Adding = null | 'admin' | 'employee';

const ADD_TEXTS = {
  admin: {
    ...ADD_USER_TEXTS.admin,
    failureTitle: ORG_MSG.failure.adminNotAdded,
    failureFallback: ORG_MSG.failure.adminAdd,
  },
  employee: {
    ...ADD_USER_TEXTS.employee,
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
  const filters = useListFilters();
  const { status, search } = filters;
  const [adding, setAdding] = useState<Adding>(null);
  const query = useQuery({
    queryKey: companiesKeys.usersFiltered(companyId, status, search.term),
    queryFn: () => companiesApi.users(companyId, status, search.term),
  });
  // Load failures leave an empty list with 'No User found.'
  const rows = query.isError ? [] : (query.data ?? []);

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

  const deleteSelected = async (ids: string[], untick: () => void) => {
    if (!(await deleteUsers(ids))) return;
    untick();
    await refresh();
  };

  return (
    <>
      <FilteredUsersTable
        label="Company users"
        rows={rows}
        loading={query.isPending}
        columns={['username', 'email', 'role', 'status', 'lastLogin', 'link']}
        rowHref={(r) => companyUserPath(companyId, r._id)}
        statusExtra={(r) => <InvitationActions row={r} />}
        emptyText={ORG_MSG.empty.noUsers}
        filters={filters}
        searchLabel="Search users"
        onDelete={deleteSelected}
        actions={
          <>
            <AddUserButton onClick={() => setAdding('admin')}>Add Administrator</AddUserButton>
            <AddUserButton variant="light" onClick={() => setAdding('employee')}>
              Add Employee
            </AddUserButton>
          </>
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
