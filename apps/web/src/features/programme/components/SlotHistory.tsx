import { Modal, Table, Text } from '@mantine/core';
import { useSlotHistory } from '../hooks';

/** Every recorded change of one slot, newest first. */
export function SlotHistory({ slotId, onClose }: { slotId: string | null; onClose: () => void }) {
  const history = useSlotHistory(slotId);
  return (
    <Modal opened={!!slotId} onClose={onClose} title="History" size="lg">
      {history.data && history.data.length === 0 && <Text c="dimmed">No changes recorded yet.</Text>}
      {history.data && history.data.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Changed on</Table.Th>
                <Table.Th>Filter</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th ta="right">Pressure drop</Table.Th>
                <Table.Th>Recorded by</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.map((c) => (
                <Table.Tr key={c._id}>
                  <Table.Td>{c.changed_on}</Table.Td>
                  <Table.Td>
                    {c.fitted}
                    {c.merv !== null && ` · MERV ${c.merv}`}
                  </Table.Td>
                  <Table.Td ta="right">{c.quantity}</Table.Td>
                  <Table.Td ta="right">{c.pressure_drop_in_wc ?? ''}</Table.Td>
                  <Table.Td>{c.recorded_by_name}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}
