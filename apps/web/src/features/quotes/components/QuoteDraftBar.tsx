import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { serverMessage } from '../../../shared/api/errors';
import { newIdempotencyKey, submitQuote } from '../api';
import { useQuoteDraft } from '../store';

/** The catalogue rows added so far, sent as one quote request. */
export function QuoteDraftBar() {
  const { rows, remove, clear } = useQuoteDraft();
  const [reference, setReference] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  if (!rows.length && !message) return null;

  const send = async () => {
    setBusy(true);
    try {
      const res = await submitQuote(
        {
          lines: rows.map((r) => ({ kind: 'catalogue', variant_id: r.variant_id, quantity: r.quantity })),
          ...(reference.trim() ? { customer_reference: reference } : {}),
        },
        key,
      );
      clear();
      setKey(newIdempotencyKey());
      setMessage({ ok: true, text: `Quote request ${res.data.number} sent` });
    } catch (err) {
      setMessage({ ok: false, text: serverMessage(err, 'The request could not be sent. Please try again.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Quote request">
      <Stack gap="sm">
        {message && (
          <Alert color={message.ok ? 'teal' : 'red'} role="status" withCloseButton onClose={() => setMessage(null)}>
            {message.text}
          </Alert>
        )}
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
              <TextInput
                label="Your reference (optional)"
                value={reference}
                onChange={(e) => setReference(e.currentTarget.value)}
                maxLength={100}
              />
              <Button onClick={send} loading={busy}>
                Send quote request
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
