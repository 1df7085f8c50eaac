import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useInputState } from '@mantine/hooks';
import { IconX } from '@tabler/icons-react';
import { useQuoteSubmission } from '../hooks';
import { useQuoteDraft } from '../store';
import { SendNote, type SendNoteValue } from './SendNote';

/** The catalogue rows added so far, sent as one quote request. */
export function QuoteDraftBar() {
  const { rows, remove, clear } = useQuoteDraft();
  const [reference, setReference] = useInputState('');
  const submission = useQuoteSubmission();
  const [message, setMessage] = useState<SendNoteValue | null>(null);
  if (!rows.length && !message) return null;

  const send = async () => {
    const outcome = await submission.send({
      lines: rows.map((r) => ({ kind: 'catalogue', variant_id: r.variant_id, quantity: r.quantity })),
      ...(reference.trim() ? { customer_reference: reference } : {}),
    });
    if (!outcome.ok) return setMessage({ ok: false, text: outcome.error });
    clear();
    setMessage({ ok: true, text: `Quote request ${outcome.result.number} sent` });
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Quote request">
      <Stack gap="sm">
        {message && <SendNote note={message} onClose={() => setMessage(null)} />}
        {rows.length > 0 && (
          <>
            <Text fw={600}>
              Quote request: {rows.length} line{rows.length === 1 ? '' : 's'}
            </Text>
            <Table>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.variant_id}>
                    <Table.Td>{r.part_number}</Table.Td>
                    <Table.Td>{r.label}</Table.Td>
                    <Table.Td ta="right">{r.quantity}</Table.Td>
                    <Table.Td w={40}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`Remove ${r.part_number}`}
                        onClick={() => remove(r.variant_id)}
                      >
                        <IconX size={14} aria-hidden="true" />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group align="flex-end">
              <TextInput label="Your reference (optional)" value={reference} onChange={setReference} maxLength={100} />
              <Button onClick={send} loading={submission.busy}>
                Send quote request
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
