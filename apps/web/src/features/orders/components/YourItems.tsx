import { useState } from 'react';
import { Badge, Button, Group, NumberInput, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { AgreedItemView } from '@portal/contracts';
import { AGREED_ITEM_STATUS_LABEL, formatQuoteDate } from '@portal/domain';
import { serverMessage } from '../../../shared/api/errors';
import { useAgreedItemUpdate, useAgreedItems } from '../hooks';
import { AddToOrder } from './AddToOrder';
import classes from './YourItems.module.css';
import { money } from './money';

const STATUS_COLOR = { active: 'teal.9', expired: 'gray.8', withdrawn: 'red.9' } as const;

function CustomerCell({ item }: { item: AgreedItemView }) {
  if (item.status !== 'active') return <Text fz="xs">Ask the office to renew</Text>;
  const name = item.customer_part_no ?? item.description;
  return (
    <AddToOrder
      row={{
        line: { kind: 'agreed_item', agreed_item_id: item._id },
        part_number: item.customer_part_no ?? item.part_number ?? 'Agreed item',
        label: item.description,
      }}
      quantityLabel={`Quantity of ${name}`}
    />
  );
}

function RenewCell({ item }: { item: AgreedItemView }) {
  const update = useAgreedItemUpdate();
  const [price, setPrice] = useState<number | string>(item.price);
  const [until, setUntil] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <NumberInput aria-label="Price" size="xs" w={90} min={0} decimalScale={2} value={price} onChange={setPrice} />
        <TextInput
          aria-label="Price held until"
          size="xs"
          type="date"
          value={until}
          onChange={(e) => setUntil(e.currentTarget.value)}
        />
        <Button
          size="xs"
          variant="light"
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              {
                id: item._id,
                body: { price: String(price), status: 'active', ...(until ? { price_held_until: until } : {}) },
              },
              { onError: (e) => setError(serverMessage(e, 'Could not renew')), onSuccess: () => setError(null) },
            )
          }
        >
          Renew
        </Button>
      </Group>
      {error && (
        <Text fz="xs" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** The company's agreed items: "Your items" on the catalogue (order them), or the office's list (renew them). */
export function YourItems({ companyId, office = false }: { companyId?: string; office?: boolean }) {
  const items = useAgreedItems(companyId);
  const list = items.data?.list ?? [];
  if (!list.length && !office) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Your items" mb="md">
      <Title order={2} fz="lg" mb="xs">
        Your items
      </Title>
      {!list.length ? (
        <Text c="gray.7">
          No agreed items yet: they appear when a quote for a custom size or an unlisted part is accepted.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={office ? 640 : 0} type="native">
          <Table striped aria-label="Agreed items" className={office ? undefined : classes.stacked}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th>Your part number</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th>Held until</Table.Th>
                <Table.Th>From quote</Table.Th>
                <Table.Th>{office ? 'Renew' : 'Order'}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((i) => (
                <Table.Tr key={i._id}>
                  <Table.Td data-column="item">
                    {i.description}{' '}
                    <Badge size="xs" color={STATUS_COLOR[i.status]} variant="light">
                      {AGREED_ITEM_STATUS_LABEL[i.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td data-label="Your part number">{i.customer_part_no ?? i.part_number ?? '—'}</Table.Td>
                  <Table.Td ta="right" data-column="price">
                    {money(i.price)}
                  </Table.Td>
                  <Table.Td data-label="Held until">{formatQuoteDate(i.price_held_until, true)}</Table.Td>
                  <Table.Td data-label="From quote">{i.source_quote.number ?? '—'}</Table.Td>
                  <Table.Td data-column="action">
                    {office ? <RenewCell item={i} /> : <CustomerCell item={i} />}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
