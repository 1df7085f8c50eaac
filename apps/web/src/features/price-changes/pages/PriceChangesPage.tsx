import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Button, Center, Loader, SegmentedControl, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { PriceChangeStatus } from '@portal/contracts';
import { PRICE_CHANGE_MSG, PRICE_CHANGE_ROUTES, priceChangeDayText } from '@portal/domain';
import { handledAsSessionEnd, serverMessage, useRouteMutation } from '../../../shared/api';
import { PageTitle } from '../../../shared/ui';
import { priceChangeKeys, type PriceChangeItem } from '../api';
import { usePriceChanges, useSupplierTz } from '../hooks';
import { moveText } from '../components/ScheduledPriceChanges';

const STATUS_COLOR: Record<PriceChangeStatus, string> = {
  scheduled: 'blue',
  applying: 'yellow',
  applied: 'teal',
  failed: 'red',
  cancelled: 'gray',
};

function What({ c }: { c: PriceChangeItem }) {
  if (c.kind === 'list_prices') return <>List prices from “{c.import_file_name ?? 'an import'}”</>;
  return (
    <>
      <Anchor component={Link} to={`/superadmin/companies/${c.company_id}`}>
        {c.company_name}
      </Anchor>
      : {c.multipliers.map(moveText).join(', ')}
    </>
  );
}

/** "Sent Mon 2 December", or "Due Mon 2 December". */
function noticeText(c: PriceChangeItem, tz: string): string {
  if (c.notice_sent_at) return `Sent ${priceChangeDayText(c.notice_sent_at, tz)}`;
  if (c.status !== 'scheduled') return '—';
  return `Due ${priceChangeDayText(c.notice_at, tz)}`;
}

/** The superadmin's price changes: the upcoming ones first, with their notice state. */
export default function PriceChangesPage() {
  const [show, setShow] = useState<'upcoming' | 'all'>('upcoming');
  const tz = useSupplierTz();
  const { data, isPending } = usePriceChanges({ status: show === 'upcoming' ? 'scheduled' : undefined, limit: 100 });

  const cancel = useRouteMutation(PRICE_CHANGE_ROUTES.cancel, {
    input: (id: string) => ({ params: { id } }),
    invalidates: [priceChangeKeys.all],
    onSuccess: () => notifications.show({ color: 'teal', message: PRICE_CHANGE_MSG.cancelled, autoClose: 3000 }),
    onError: (err) => {
      if (!handledAsSessionEnd(err))
        notifications.show({ color: 'red', message: serverMessage(err, 'The change could not be cancelled.') });
    },
  });

  return (
    <>
      <PageTitle>Price changes</PageTitle>
      <SegmentedControl
        mb="md"
        value={show}
        onChange={(v) => setShow(v as 'upcoming' | 'all')}
        data={[
          { value: 'upcoming', label: 'Upcoming' },
          { value: 'all', label: 'All' },
        ]}
        aria-label="Which price changes"
      />
      {isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading price changes" />
        </Center>
      ) : !data?.list.length ? (
        <Text c="dimmed">{show === 'upcoming' ? 'No price changes are scheduled.' : 'No price changes yet.'}</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped withTableBorder aria-label="Price changes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Takes effect</Table.Th>
                <Table.Th>Change</Table.Th>
                <Table.Th>Notice</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.list.map((c) => (
                <Table.Tr key={c._id}>
                  <Table.Td>{priceChangeDayText(c.effective_at, tz)}</Table.Td>
                  <Table.Td>
                    <What c={c} />
                    {c.message && (
                      <Text size="sm" c="red">
                        {c.message}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{noticeText(c, tz)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[c.status]} variant="light">
                      {c.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {c.allowed_actions.includes('cancel') && (
                      <Button size="xs" variant="default" onClick={() => cancel.mutate(c._id)}>
                        Cancel change
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
