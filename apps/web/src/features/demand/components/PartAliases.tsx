import { ActionIcon, Badge, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useInputState } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { DEMAND_ROUTES } from '@portal/domain';
import { useRouteMutation } from '../../../shared/api';
import { confirmDelete } from '../../../shared/kit';
import { fetchAliases } from '../api';
import { OurPartForm } from './OurPartForm';

/** Cross-reference numbers: find by alias or our part number, add, remove. */
export function PartAliases() {
  const [q, setQ] = useInputState('');
  const [alias, setAlias] = useInputState('');
  const [debounced] = useDebouncedValue(q.trim(), 250);
  const query = useQuery({
    queryKey: ['demand', 'aliases', debounced],
    queryFn: ({ signal }) => fetchAliases({ q: debounced }, signal),
    enabled: debounced.length > 0,
  });
  const add = useRouteMutation(DEMAND_ROUTES.addAlias, { invalidates: [['demand']] });
  const remove = useRouteMutation(DEMAND_ROUTES.removeAlias, {
    input: (id: string) => ({ params: { id } }),
    invalidates: [['demand']],
  });
  return (
    <Stack gap="lg">
      <section aria-label="Add an alias">
        <Title order={3} fz="md" mb="xs">
          Add an alias
        </Title>
        <TextInput label="Their number" required maxLength={100} value={alias} onChange={setAlias} mb="xs" />
        <OurPartForm
          submitLabel="Add alias"
          onSubmit={async (choice) => {
            const { data: created } = await add.mutateAsync({
              body: { alias: alias.trim(), variantId: choice.variantId, source: choice.source, brand: choice.brand },
            });
            notifications.show({ color: 'teal', message: `${created.alias} → ${created.part_number}` });
            setAlias('');
            setQ(created.alias);
          }}
        />
      </section>
      <section aria-label="Aliases">
        <TextInput
          label="Find aliases"
          description="Their number or our part number"
          value={q}
          onChange={setQ}
          mb="xs"
        />
        {query.data && (
          <Table striped withTableBorder aria-label="Part aliases">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Their number</Table.Th>
                <Table.Th>Our part</Table.Th>
                <Table.Th>Source</Table.Th>
                <Table.Th>Brand</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.list.map((a) => (
                <Table.Tr key={a._id}>
                  <Table.Td>{a.alias}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {a.part_number}
                      {a.odd_size && (
                        <Badge size="xs" color="gray">
                          odd size: not shown to customers
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{a.source}</Table.Td>
                  <Table.Td>{a.brand ?? ''}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove alias ${a.alias}`}
                      onClick={() =>
                        confirmDelete({
                          count: 1,
                          noun: 'alias',
                          onConfirm: () => remove.mutateAsync(a._id),
                        })
                      }
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {query.data && !query.data.list.length && (
          <Text c="dimmed" size="sm">
            No aliases match.
          </Text>
        )}
      </section>
    </Stack>
  );
}
