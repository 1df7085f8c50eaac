import { Spoiler, Table, Text } from '@mantine/core';
import { fieldChanges } from '../format';

/** An entry's changed fields: field, before → after (created entries have no before, deleted no after). */
export function ChangesView({
  before,
  after,
}: {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}) {
  const rows = fieldChanges(before, after);
  if (!rows.length)
    return (
      <Text size="sm" c="gray.7">
        —
      </Text>
    );
  return (
    <Spoiler maxHeight={96} showLabel="Show all" hideLabel="Show less">
      <Table withRowBorders={false} verticalSpacing={0} horizontalSpacing={4} fz="xs">
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.field}>
              <Table.Td fw={600}>{r.label}</Table.Td>
              <Table.Td>
                {r.before !== null && r.after !== null ? (
                  <>
                    <Text span fz="xs" td="line-through" c="gray.7">
                      {r.before}
                    </Text>{' '}
                    →{' '}
                    <Text span fz="xs">
                      {r.after}
                    </Text>
                  </>
                ) : (
                  <Text span fz="xs">
                    {r.after ?? r.before}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Spoiler>
  );
}
