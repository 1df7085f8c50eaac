import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconUserPlus } from '@tabler/icons-react';
import { ORG_MSG } from '@portal/domain';
import { PageTitle } from '../../../shared/ui';
import { useAuthStore } from '../../auth';
import { usersApi, usersKeys, type StatusValue } from '../../users/api';
import {
  confirmDelete,
  ListSearchInput,
  StatusFilter,
  UsersTable,
  useListSearch,
  useRowSelection,
} from '../../../shared/kit';
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
  const [status, setStatus] = useState<StatusValue>('');
  const search = useListSearch();
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
  const { selected, setSelected, clear } = useRowSelection(rows.map((r) => r._id));

  const refresh = () => queryClient.invalidateQueries({ queryKey: usersKeys.all });

  const onStatus = (value: StatusValue) => {
    setStatus(value);
    clear();
  };

  const onBulkDelete = (ids: string[]) =>
    confirmDelete({
      count: ids.length,
      noun: 'employee',
      onConfirm: async () => {
        if (await deleteUsers(ids)) clear();
        await refresh();
      },
    });

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
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
        To change your own username, email or password, go to{' '}
        <Anchor component={Link} to="/admin/settings">
          Settings
        </Anchor>
        .
      </Alert>
      <UsersTable
        label="Employees"
        rows={rows}
        columns={['username', 'email', 'status', 'lastLogin', 'link']}
        rowHref={(r) => `/admin/mycompany/employee/${r._id}`}
        statusExtra={(r) => <InvitationActions row={r} />}
        selected={selected}
        onSelectedChange={setSelected}
        emptyText={ORG_MSG.empty.noUsers}
        loading={list.isLoading}
        onBulkDelete={onBulkDelete}
        toolbar={
          <>
            <ListSearchInput
              value={search.input}
              onChange={search.setInput}
              label="Search employees"
              placeholder="Search username or email"
            />
            <StatusFilter value={status} onChange={onStatus} />
            <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
              Add Employee
            </Button>
          </>
        }
      />
      <AddUserModal
        opened={adding}
        onClose={() => setAdding(false)}
        onSubmit={addEmployee}
        texts={{
          title: 'Add Employee',
          submit: 'Add Employee',
          success: ORG_MSG.success.employeeAdded,
          failureTitle: ORG_MSG.failure.employeeNotAdded,
          failureFallback: 'Please try again.',
        }}
      />
    </Stack>
  );
}
