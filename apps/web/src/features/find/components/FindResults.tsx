import { Alert, Anchor, Badge, Stack, Table, Text, Title } from '@mantine/core';
import { formatPrice } from '@portal/domain';
import { ALIAS_SOURCE_LABELS, groupByCategory, type FindAnswer, type FindRow } from '../api';

const dollars = (price: number) => formatPrice(Math.round(price * 100));

/** "Competitor number FLN-12345 → our RF-16201". */
export function aliasLine(row: FindRow): string | null {
  if (!row.alias) return null;
  const brand = row.alias.brand ? ` (${row.alias.brand})` : '';
  return `${ALIAS_SOURCE_LABELS[row.alias.source]} ${row.alias.alias}${brand} → our ${row.part_number}`;
}

const VIA_LABEL: Record<FindRow['matched_via'], string> = {
  part_number: 'Part number',
  normalized: 'Part number',
  alias: 'Cross reference',
  size: 'Size',
  agreed_item: 'Your item',
};

/** Matches grouped by category, each with the caller's price; a did-you-mean offer when nothing matched. */
export function FindResults({
  q,
  answer,
  onPick,
}: {
  q: string;
  answer: FindAnswer;
  onPick: (suggestion: string) => void;
}) {
  if (!answer.list.length) {
    return (
      <Alert color="gray" title={`Nothing found for "${q}"`}>
        {answer.did_you_mean ? (
          <Text size="sm">
            Did you mean{' '}
            <Anchor component="button" type="button" onClick={() => onPick(answer.did_you_mean!)}>
              {answer.did_you_mean}
            </Anchor>
            ?
          </Text>
        ) : (
          <Text size="sm">Try a part number, a competitor&apos;s number or a size such as 20x25x1.</Text>
        )}
      </Alert>
    );
  }
  return (
    <Stack gap="sm" aria-live="polite">
      {answer.list
        .map(aliasLine)
        .filter((line, i, all): line is string => line !== null && all.indexOf(line) === i)
        .map((line) => (
          <Alert key={line} color="teal" variant="light" p="xs">
            {line}
          </Alert>
        ))}
      {groupByCategory(answer.list).map(({ category, rows }) => (
        <section key={category._id} aria-label={category.name}>
          <Title order={3} fz="md" mb={4}>
            {category.name}
          </Title>
          <Table striped withTableBorder fz="sm" aria-label={`${category.name} matches`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Part Number</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>Product</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.variant_id}>
                  <Table.Td>
                    {r.part_number}{' '}
                    {r.matched_via !== 'size' && (
                      <Badge
                        size="xs"
                        variant="light"
                        color={r.matched_via === 'alias' ? 'teal' : r.matched_via === 'agreed_item' ? 'blue' : 'gray'}
                      >
                        {VIA_LABEL[r.matched_via]}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{r.size}</Table.Td>
                  <Table.Td>
                    {r.subcategory ? `${r.subcategory.name} · ` : ''}
                    {r.product.name}
                  </Table.Td>
                  <Table.Td ta="right">{dollars(r.price)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      ))}
      {answer.total > answer.list.length && (
        <Text size="xs" c="dimmed">
          Showing {answer.list.length} of {answer.total}. Add words such as &quot;merv 13&quot; to narrow a size.
        </Text>
      )}
    </Stack>
  );
}
