import type { ReactNode } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { UserRow } from '@portal/contracts';
import { UserStatusBadge } from '../kit';
import { PageTitle } from '../ui';

export interface UserDetailLayoutProps {
  user: Pick<UserRow, 'username' | 'status' | 'invitation'>;
  /** Browser tab title when it is not the username. */
  documentTitle?: string;
  /** The dimmed line under the name (company or email). */
  subtitle: ReactNode;
  /** Lines under the subtitle. */
  details?: ReactNode;
  /** Resend / Revoke beside the status badge while the invitation is still open. */
  invitationActions: ReactNode;
  /** Buttons before Delete (e.g. reset two-factor). */
  actions?: ReactNode;
  /** Shows the Delete button. */
  onDelete?: () => void;
  /** The edit form, in a card under the heading. */
  children: ReactNode;
}

/** A user's detail page below its breadcrumbs: name, subtitle, open invitation, actions, then the edit form. */
export function UserDetailLayout({
  user,
  documentTitle,
  subtitle,
  details,
  invitationActions,
  actions,
  onDelete,
  children,
}: UserDetailLayoutProps) {
  const invitationOpen = user.invitation && user.invitation.status !== 'accepted';
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <div>
          <PageTitle documentTitle={documentTitle}>{user.username}</PageTitle>
          <Text c="dimmed" mt={-12}>
            {subtitle}
          </Text>
          {details}
          {invitationOpen && (
            <Group gap="xs" mt="xs">
              <UserStatusBadge row={user} />
              {invitationActions}
            </Group>
          )}
        </div>
        {(actions || onDelete) && (
          <Group gap="sm">
            {actions}
            {onDelete && (
              <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
                Delete
              </Button>
            )}
          </Group>
        )}
      </Group>
      <Paper withBorder p="lg" radius="md">
        {children}
      </Paper>
    </>
  );
}
