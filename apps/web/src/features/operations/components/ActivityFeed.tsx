import { Anchor, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format';
import { opsApi, opsKeys } from '../api';
import { LIVE_FALLBACK_MS } from '../hooks';

const KINDS = [
  { value: '', label: 'Everything' },
  { value: 'signin', label: 'Sign-ins' },
  { value: 'signin_failed', label: 'Failed sign-ins' },
  { value: 'pricelist', label: 'Price lists' },
  { value: 'import', label: 'Imports' },
  { value: 'quote', label: 'Quote requests' },
  { value: 'search_zero', label: 'Searches with no result' },
  { value: 'bounce', label: 'Bounces' },
  { value: 'job_failed', label: 'Job failures' },
];

/** The latest events in words, each linking to its record; filtered by kind. */
export function ActivityFeed() {
  const [kind, setKind] = useState('');
  const feed = useQuery({
    queryKey: opsKeys.activity(kind, ''),
    queryFn: ({ signal }) => opsApi.activity({ kind, limit: 30 }, signal),
    refetchInterval: LIVE_FALLBACK_MS,
  });
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Live activity
        </Title>
        <Select
          aria-label="Activity kind"
          data={KINDS}
          value={kind}
          onChange={(v) => setKind(v ?? '')}
          allowDeselect={false}
          w={220}
        />
      </Group>
      <Table aria-label="Activity" striped>
        <Table.Tbody>
          {(feed.data ?? []).map((e) => (
            <Table.Tr key={e._id}>
              <Table.Td w={170}>
                <Text size="sm" c="dimmed">
                  {formatDateTime(e.at)}
                </Text>
              </Table.Td>
              <Table.Td>
                {e.link ? (
                  <Anchor component={Link} to={e.link.href} size="sm">
                    {e.text}
                  </Anchor>
                ) : (
                  <Text size="sm">{e.text}</Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {feed.data && !feed.data.length && (
        <Stack align="center" p="md">
          <Text c="dimmed">Nothing yet</Text>
        </Stack>
      )}
    </Paper>
  );
}
