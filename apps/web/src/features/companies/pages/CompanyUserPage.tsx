import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { ORG_MSG } from '@portal/domain';
import { CompaniesBreadcrumb } from '../components/CompaniesBreadcrumb';
import { confirmDelete, lastSignIn } from '../../../shared/kit';
import { UserDetailLayout } from '../../../shared/users';
import { InvitationActions, UserDetailForm, useOrgLiveRefresh, usersApi, usersKeys, useDeleteUsers } from '../../users';
import { ResetTwoFactorButton } from '../../two-factor/components/ResetTwoFactorButton';
import { companiesKeys, companyChangeKeys } from '../api';
import { formatDateTime } from '../format';

/** Company user edit /superadmin/companies/:id/user/:userId. */
export default function CompanyUserPage() {
  const { id = '', userId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const deleteUsers = useDeleteUsers();
  const companyPath = `/superadmin/companies/${id}`;
  useOrgLiveRefresh({ companyKeys: companyChangeKeys });

  const detail = useQuery({ queryKey: usersKeys.detail(userId), queryFn: () => usersApi.detail(userId) });
  const user = detail.data;
  const companyName = user?.companyName ?? user?.company_id?.name ?? 'N/A';

  const refreshCompany = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: companiesKeys.detail(id) }),
      queryClient.invalidateQueries({ queryKey: companiesKeys.users(id) }),
      queryClient.invalidateQueries({ queryKey: companiesKeys.lists }),
    ]);

  // Delete from the company's user page goes back to the company detail.
  const onDelete = () =>
    confirmDelete({
      count: 1,
      noun: (user?.role_name || 'user').toLowerCase(),
      onConfirm: async () => {
        if (!(await deleteUsers([userId]))) return;
        queryClient.removeQueries({ queryKey: usersKeys.detail(userId) });
        void queryClient.invalidateQueries({ queryKey: usersKeys.all });
        void refreshCompany();
        void navigate(companyPath);
      },
    });

  return (
    <Stack gap="md">
      <CompaniesBreadcrumb>
        <Anchor component={Link} to={companyPath}>
          {user ? companyName : '…'}
        </Anchor>
        <Text size="sm" aria-current="page">
          {user?.username ?? '…'}
        </Text>
      </CompaniesBreadcrumb>
      <div>
        <Button
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={() => void navigate(companyPath)}
        >
          Back
        </Button>
      </div>
      {detail.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading user" />
        </Center>
      ) : !user ? (
        <Text c="dimmed">{ORG_MSG.user.notFound}</Text>
      ) : (
        <UserDetailLayout
          user={user}
          subtitle={`${companyName} · Last login: ${formatDateTime(lastSignIn(user))}`}
          invitationActions={<InvitationActions row={user} />}
          actions={<ResetTwoFactorButton userId={userId} username={user.username} />}
          onDelete={onDelete}
        >
          <UserDetailForm user={user} onSaved={() => void refreshCompany()} />
        </UserDetailLayout>
      )}
    </Stack>
  );
}
