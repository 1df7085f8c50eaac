import { Badge, Group, Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../shared/format';
import { opsApi, opsKeys } from '../api';
import { LIVE_FALLBACK_MS } from '../hooks';

const ROLE = { superadmin: 'Super Admin', admin: 'Admin', employee: 'Employee' } as const;

/** Who is here: everyone with a live socket, across every API process. */
export function OnlineList() {
  const online = useQuery({
    queryKey: opsKeys.online,
    queryFn: ({ signal }) => opsApi.online(signal),
    refetchInterval: LIVE_FALLBACK_MS,
  });
  const list = online.data ?? [];
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        Who is here
      </Title>
      {list.length ? (
        <Group gap="xs" role="list" aria-label="Online now">
          {list.map((e) => (
            <Badge
              key={e.user._id}
              role="listitem"
              variant="outline"
              color="dark"
              size="lg"
              title={`Since ${formatDateTime(e.since)}`}
            >
              {e.user.username} · {e.company?.name ?? ROLE[e.user.role]}
            </Badge>
          ))}
        </Group>
      ) : (
        <Text c="dimmed">Nobody is online</Text>
      )}
    </Paper>
  );
}
