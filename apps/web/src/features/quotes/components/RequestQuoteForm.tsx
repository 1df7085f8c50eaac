import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useAuthStore } from '../../auth';
import type { QuoteLineDraft, SubmitResult } from '../api';
import { useQuoteSubmission } from '../hooks';
import { QuantityInput } from './QuantityInput';
import { QuoteTextBox } from './QuoteTextBox';

interface Props {
  /** "Request a quote for 16 3/8″ × 20 1/4″ × 1″ (exact)" or "Ask the office about 'XYZ-123'". */
  title: string;
  /** The line without its quantity. */
  line: QuoteLineDraft extends infer L ? (L extends { quantity: unknown } ? Omit<L, 'quantity'> : never) : never;
  onSent?: (result: SubmitResult) => void;
}

/** A one-line quote request under a dead end: the searched item, a quantity and an optional note. */
export function RequestQuoteForm({ title, line, onSent }: Props) {
  const [quantity, setQuantity] = useState<number | string>(1);
  const [note, setNote] = useState('');
  const submission = useQuoteSubmission();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<SubmitResult | null>(null);
  const role = useAuthStore((s) => s.role);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const outcome = await submission.send({
      lines: [{ ...line, quantity: Number(quantity) } as QuoteLineDraft],
      ...(note.trim() ? { note } : {}),
    });
    if (!outcome.ok) return setError(outcome.error);
    setSent(outcome.result);
    onSent?.(outcome.result);
  };

  if (sent) {
    return (
      <Alert color="teal" role="status" title={`Quote request ${sent.number} sent`}>
        The office will price it; you will see it under Quotes.{' '}
        <Anchor component={Link} to={`/${role}/quotes/${sent._id}`}>
          Open {sent.number}
        </Anchor>
      </Alert>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} aria-label={title}>
      <Stack gap="sm">
        <Text fw={600}>{title}</Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <QuantityInput value={quantity} onChange={setQuantity} w={120} />
          <QuoteTextBox
            label="Note (optional)"
            value={note}
            onChange={setNote}
            rows={1}
            style={{ flex: 1, minWidth: 200 }}
          />
        </Group>
        {error && (
          <Text c="red.8" fz="sm" role="alert">
            {error}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={submission.busy}>
            Send request
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
