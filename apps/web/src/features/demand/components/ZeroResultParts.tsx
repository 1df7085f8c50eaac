import { useState } from 'react';
import { Badge, Button, Group, Modal, Switch, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEMAND_ROUTES } from '@portal/domain';
import { useRouteMutation } from '../../../shared/api';
import { Pagination } from '../../../shared/kit';
import { fetchDemandParts, type DemandPart, type Range, type SearchesNotLogged } from '../api';
import { OurPartForm } from './OurPartForm';

const LIMIT = 20;
/** Searches are written within a second or two; the open report asks again this often. */
export const DEMAND_REFRESH_MS = 5_000;

/** The numbers customers asked for, most unanswered first; one click maps a number to our part. */
export function ZeroResultParts({ range }: { range: Range }) {
  const [zeroOnly, setZeroOnly] = useState(true);
  const [page, setPage] = useState(1);
  const [resolving, setResolving] = useState<DemandPart | null>(null);
  const resolve = useRouteMutation(DEMAND_ROUTES.resolve, { invalidates: [['demand']] });
  const query = useQuery({
    queryKey: ['demand', 'parts', range, zeroOnly, page],
    queryFn: ({ signal }) => fetchDemandParts({ ...range, zeroOnly, page, limit: LIMIT }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: DEMAND_REFRESH_MS,
  });
  const rows = query.data?.list ?? [];
  return (
    <>
      <Group justify="space-between" mb="xs">
        <Switch
          label="Only numbers that found nothing (and are not mapped yet)"
          checked={zeroOnly}
          onChange={(e) => {
            setZeroOnly(e.currentTarget.checked);
            setPage(1);
          }}
        />
        <Text size="sm" c="dimmed">
          {query.data ? `${query.data.total} ${query.data.total === 1 ? 'number' : 'numbers'}` : ''}
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={760} type="native">
        <Table striped withTableBorder aria-label="Part numbers asked for">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Number</Table.Th>
              <Table.Th>Typed as</Table.Th>
              <Table.Th ta="right">Searches</Table.Th>
              <Table.Th ta="right">Found nothing</Table.Th>
              <Table.Th>Companies</Table.Th>
              <Table.Th>Last asked</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.key}>
                <Table.Td ff="monospace">{r.key}</Table.Td>
                <Table.Td>{r.examples.join(', ')}</Table.Td>
                <Table.Td ta="right">{r.searches}</Table.Td>
                <Table.Td ta="right">{r.zero_results > 0 ? <Badge color="red">{r.zero_results}</Badge> : 0}</Table.Td>
                <Table.Td>
                  {r.company_names.join(', ')}
                  {r.companies > r.company_names.length ? ` +${r.companies - r.company_names.length}` : ''}
                </Table.Td>
                <Table.Td>{new Date(r.last_at).toLocaleString()}</Table.Td>
                <Table.Td>
                  {r.mapped_to ? (
                    <Text size="sm">Mapped to {r.mapped_to}</Text>
                  ) : (
                    r.zero_results > 0 && (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setResolving(r)}
                        aria-label={`Map ${r.key} to our part`}
                      >
                        Map to our part
                      </Button>
                    )
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
            {!rows.length && !query.isPending && (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text c="dimmed" size="sm">
                    No part-number searches in this period.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {query.data && <Pagination page={page} total={query.data.total} pageSize={LIMIT} onChange={setPage} />}
      {query.data && <NotLogged counts={query.data.not_logged} />}
      <Modal
        opened={resolving !== null}
        onClose={() => setResolving(null)}
        title={`Map ${resolving?.key ?? ''} to our part`}
      >
        {resolving && (
          <OurPartForm
            submitLabel="Create alias"
            onSubmit={async (choice) => {
              const { data: res } = await resolve.mutateAsync({
                body: { key: resolving.key, variantId: choice.variantId, source: choice.source, brand: choice.brand },
              });
              notifications.show({
                color: 'teal',
                message: `${res.alias.alias} → ${choice.partNumber}: it would have answered ${res.would_have_matched} searches`,
              });
              setResolving(null);
            }}
          />
        )}
      </Modal>
    </>
  );
}

/** How many committed searches of the period were answered but not logged (the budget per person). */
export function NotLogged({ counts }: { counts: SearchesNotLogged | undefined }) {
  if (!counts || counts.over_budget + counts.repeats === 0) return null;
  const total = counts.over_budget + counts.repeats;
  return (
    <Text size="sm" c="dimmed" mt="xs">
      {`${total} ${total === 1 ? 'search was' : 'searches were'} answered but not logged in this period: ` +
        `${counts.over_budget} over a person's per-minute logging budget, ` +
        `${counts.repeats} repeated by the same person within a minute.`}
    </Text>
  );
}
