import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { ORG_MSG } from '@portal/domain';
import { PageTitle } from '../../../shared/ui';
import { ApprovalThreshold } from '../../orders';
import { useAuthStore } from '../../auth';
import { usersApi, usersKeys } from '../../users/api';
import { FilteredUsersTable, useListFilters } from '../../../shared/list-screen';
import { ADD_USER_TEXTS, AddUserButton } from '../../../shared/users';
import {
  AddUserModal,
  InvitationActions,
  passwordOrInvite,
  useOrgLiveRefresh,
  type AddUserValues,
  useDeleteUsers,
  useCreateUser,
} from '../../users';

function Field({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={500}>{value}</Text>
    </div>
  );
}

/** My Company (admins): company header, employee count, Add Employee, bulk delete, table. */
export default function MyCompanyPage() {
  const user = useAuthStore((s) => s.user);
  const queryClient = useQueryClient();
  const deleteUsers = useDeleteUsers();
  const createUser = useCreateUser();
  const filters = useListFilters();
  const { status, search } = filters;
  const [adding, setAdding] = useState(false);
  useOrgLiveRefresh();

  const all = useQuery({ queryKey: usersKeys.employees(''), queryFn: () => usersApi.employees('') });
  const filtered = useQuery({
    queryKey: usersKeys.employees(status, search.term),
    queryFn: () => usersApi.employees(status, search.term),
    enabled: status !== '' || search.term !== '',
  });
  // `all` also feeds the employee count; a filter or a search shows its own query.
  const list = status === '' && search.term === '' ? all : filtered;
  const rows = list.isError ? [] : (list.data?.users ?? []);

  const refresh = () => queryClient.invalidateQueries({ queryKey: usersKeys.all });

  const deleteEmployees = async (ids: string[], untick: () => void) => {
    if (await deleteUsers(ids)) untick();
    await refresh();
  };

  const addEmployee = async (values: AddUserValues) => {
    await createUser({ username: values.username, email: values.email, ...passwordOrInvite(values) });
    await refresh();
  };

  return (
    <Stack gap="lg">
      <PageTitle>My Company</PageTitle>
      <Paper withBorder p="lg" radius="md" aria-label="Company" component="section">
        <Group justify="space-between" align="flex-start" mb="md">
          <Text fz="xl" fw={700}>
            {user?.company_name ?? 'N/A'}
          </Text>
          <Badge color="teal.9" variant="filled">
            Active
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Field label="Administrator" value={user?.username ?? ''} />
          <Field label="Email" value={user?.email ?? ''} />
          <Field label="Employees" value={all.data?.totalcount ?? '–'} />
        </SimpleGrid>
      </Paper>
      {user?.company_id && <ApprovalThreshold companyId={user.company_id} />}
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
        To change your own username, email or password, go to{' '}
        <Anchor component={Link} to="/admin/settings">
          Settings
        </Anchor>
        .
      </Alert>
      <FilteredUsersTable
        label="Employees"
        rows={rows}
        columns={['username', 'email', 'status', 'lastLogin', 'link']}
        rowHref={(r) => `/admin/mycompany/employee/${r._id}`}
        statusExtra={(r) => <InvitationActions row={r} />}
        emptyText={ORG_MSG.empty.noUsers}
        loading={list.isLoading}
        filters={filters}
        deleteNoun="employee"
        onDelete={deleteEmployees}
        actions={<AddUserButton onClick={() => setAdding(true)}>Add Employee</AddUserButton>}
      />
      <AddUserModal
        opened={adding}
        onClose={() => setAdding(false)}
        onSubmit={addEmployee}
        texts={{
          ...ADD_USER_TEXTS.employee,
          failureTitle: ORG_MSG.failure.employeeNotAdded,
          failureFallback: 'Please try again.',
        }}
      />
    </Stack>
  );
}
