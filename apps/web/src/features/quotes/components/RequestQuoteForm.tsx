import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, NumberInput, Paper, Stack, Text, Textarea } from '@mantine/core';
import { serverMessage } from '../../../shared/api/errors';
import { newIdempotencyKey, submitQuote, type QuoteLineDraft, type SubmitResult } from '../api';

interface Props {
  /** "Request a quote for 16 3/8″ × 20 1/4″ × 1″ (exact)" or "Ask the office about 'XYZ-123'". */
  title: string;
  /** The line without its quantity. */
  line: QuoteLineDraft extends infer L ? (L extends { quantity: number } ? Omit<L, 'quantity'> : never) : never;
  onSent?: (result: SubmitResult) => void;
}

/** A one-line quote request under a dead end: the searched item, a quantity and an optional note. */
export function RequestQuoteForm({ title, line, onSent }: Props) {
  const [quantity, setQuantity] = useState<number | string>(1);
  const [note, setNote] = useState('');
  const [key] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<SubmitResult | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = await submitQuote(
        { lines: [{ ...line, quantity: Number(quantity) } as QuoteLineDraft], ...(note.trim() ? { note } : {}) },
        key,
      );
      setSent(res.data);
      onSent?.(res.data);
    } catch (err) {
      setError(serverMessage(err, 'The request could not be sent. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <Alert color="teal" role="status" title={`Quote request ${sent.number} sent`}>
        The office will price it; you will see it under Quotes.
      </Alert>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} aria-label={title}>
      <Stack gap="sm">
        <Text fw={600}>{title}</Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NumberInput
            label="Quantity"
            min={1}
            max={100_000}
            allowDecimal={false}
            value={quantity}
            onChange={setQuantity}
            w={120}
          />
          <Textarea
            label="Note (optional)"
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={4000}

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
          <Button type="submit" loading={busy}>
            Send request
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
