import { useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { QuoteMessageView } from '@portal/contracts';
import { useQuoteMessage } from '../hooks';
import { QuoteTextBox } from './QuoteTextBox';

const KIND: Record<QuoteMessageView['kind'], string> = {
  message: '',
  request_info: 'asked for information',
  reply: 'answered',
  decline: 'declined',
  reject: 'rejected',
};

/** The request's thread (shown as text) and a box to add to it. */
export function QuoteThread({ id, messages }: { id: string; messages: QuoteMessageView[] }) {
  const [body, setBody] = useState('');
  const send = useQuoteMessage(id);
  return (
    <Stack gap="xs" component="section" aria-label="Messages">
      <Text fw={600}>Messages</Text>
      {messages.length === 0 && <Text c="gray.7">No messages yet.</Text>}
      {messages.map((m) => (
        <Paper key={m._id} withBorder p="xs" radius="sm">
          <Text fz="xs" c="gray.7">
            {m.author.name}
            {KIND[m.kind] ? ` ${KIND[m.kind]}` : ''} · {new Date(m.created_at).toLocaleString()}
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{m.body}</Text>
        </Paper>
      ))}
      <QuoteTextBox label="New message" value={body} onChange={setBody} />
      <Group>
        <Button
          size="xs"
          variant="light"
          disabled={!body.trim()}
          loading={send.isPending}
          onClick={() => send.mutate(body, { onSuccess: () => setBody('') })}
        >
          Send message
        </Button>
      </Group>
    </Stack>
  );
}
