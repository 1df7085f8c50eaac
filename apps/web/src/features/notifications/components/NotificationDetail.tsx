import { Badge, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { NotificationView } from '@portal/contracts';
import { formatDateTime } from '../../../shared/format';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <Text component="dt" fw={600} size="sm">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>
        {children}
      </Text>
    </>
  );
}

/** One notification in full. Opening it marks it read (the page does the call). */
export function NotificationDetail({
  notification,
  onClose,
}: {
  notification: NotificationView | null;
  onClose: () => void;
}) {
  const n = notification;
  return (
    <Modal opened={!!n} onClose={onClose} title="Notification" centered size="lg">
      {n && (
        <Stack gap="md">
          <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" m={0}>
            <Field label="Action">{n.description}</Field>
            <Field label="Username">{n.username}</Field>
            <Field label="Email">{n.email}</Field>
            <Field label="Date">{formatDateTime(n.date)}</Field>
            <Field label="Status">
              <Badge color={n.read_status ? 'gray.7' : 'blue.9'} variant="filled">
                {n.read_status ? 'Read' : 'Unread'}
              </Badge>
            </Field>
          </SimpleGrid>
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
