import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Breadcrumbs, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { ORG_MSG } from '@portal/domain';
import { serverMessage } from '../../../shared/api';
import { formatDateTime } from '../../../shared/format';
import { useAuthStore } from '../../auth';
import { usersApi, usersKeys } from '../api';
import { confirmDelete, EmailStatusBadge, lastSignIn } from '../../../shared/kit';
import { UserDetailLayout } from '../../../shared/users';
import { InvitationActions } from '../components/InvitationActions';
import { UserDetailForm } from '../components/UserDetailForm';
import { useDeleteUsers } from '../mutations';
import { useOrgLiveRefresh } from '../useOrgLiveRefresh';
import { ResetTwoFactorButton } from '../../two-factor/components/ResetTwoFactorButton';

/**
 * Shared administrator/employee detail: /superadmin/administrators/:id,
 * /admin/employee/:id and /admin/mycompany/employee/:id. Superadmin: breadcrumbs Companies > company >
 * username, company in the header, Delete. Admin: My Companies > username, email in the header.
 */
export default function UserDetailPage() {
  const { id = '' } = useParams();
  const role = useAuthStore((s) => s.role);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const deleteUsers = useDeleteUsers();
  const superadmin = role === 'superadmin';
  const listPath = superadmin ? '/superadmin/administrators' : '/admin/mycompany';
  useOrgLiveRefresh();

  const detail = useQuery({ queryKey: usersKeys.detail(id), queryFn: () => usersApi.detail(id), enabled: !!id });
  const user = detail.data;
  const companyId = user?.company_id?._id ?? null;
  const companyName = user?.companyName ?? user?.company_id?.name ?? null;

  const crumbs = superadmin
    ? [
        <Anchor key="companies" component={Link} to="/superadmin/companies">
          Companies
        </Anchor>,
        companyId ? (
          <Anchor key="company" component={Link} to={`/superadmin/companies/${companyId}`}>
            {companyName}
          </Anchor>
        ) : (
          <Text key="company" size="sm">
            N/A
          </Text>
        ),
      ]
    : [
        <Anchor key="mycompany" component={Link} to="/admin/mycompany">
          My Companies
        </Anchor>,
      ];

  const onDelete = () => {
    if (!user) return;
    const roleName = user.role_name || 'User';
    confirmDelete({
      count: 1,
      noun: roleName.toLowerCase(),
      onConfirm: async () => {
        const ok = await deleteUsers([user._id], {
          success: ORG_MSG.success.roleDeleted(roleName),
          failureTitle: ORG_MSG.failure.roleDelete(roleName),
        });
        if (!ok) return;
        queryClient.removeQueries({ queryKey: usersKeys.detail(user._id) });
        void queryClient.invalidateQueries({ queryKey: usersKeys.all });
        void navigate(listPath);
      },
    });
  };

  return (
    <Stack gap="md">
      <nav aria-label="Breadcrumb">
        <Breadcrumbs>
          {crumbs}
          <Text size="sm" aria-current="page">
            {user?.username ?? '…'}
          </Text>
        </Breadcrumbs>
      </nav>
      <Group>
        <Button
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={() => void navigate(listPath)}
          px={0}
        >
          Back
        </Button>
      </Group>

      {detail.isError && (
        <Alert color="red" title="User not available">
          {serverMessage(detail.error, ORG_MSG.user.notFound)}
        </Alert>
      )}

      {user && (
        <UserDetailLayout
          user={user}
          documentTitle={superadmin ? 'Administrator Details' : 'Employee Details'}
          subtitle={superadmin ? (companyName ?? 'N/A') : user.email}
          details={
            <>
              <EmailStatusBadge userId={user._id} status={user.email_status} />
              <Text size="sm" c="dimmed">
                Last login: {formatDateTime(lastSignIn(user))}
              </Text>
            </>
          }
          invitationActions={<InvitationActions row={user} />}
          actions={superadmin && <ResetTwoFactorButton userId={user._id} username={user.username} />}
          onDelete={superadmin ? onDelete : undefined}
        >
          <UserDetailForm user={user} />
        </UserDetailLayout>
      )}
    </Stack>
  );
}
