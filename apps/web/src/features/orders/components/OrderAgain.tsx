import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { OrderPreview } from '@portal/contracts';
import { serverMessage } from '../../../shared/api/errors';
import { previewOrder, type OrderSubmission } from '../api';
import { useOrderSubmission } from '../hooks';
import { PreviewTable } from './PreviewTable';

/**
 * "Order again": the source's lines at today's prices, previewed first (changed prices and lines that
 * cannot be ordered highlighted), then submitted with the total shown.
 */
export function OrderAgain({
  from,
  base,
  label = 'Order again',
}: {
  from: OrderSubmission['from'];
  base: string;
  label?: string;
}) {
  const [preview, setPreview] = useState<OrderPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const submission = useOrderSubmission();
  const navigate = useNavigate();
  const open = async () => {
    setLoading(true);
    try {
      setPreview(await previewOrder({ from }));
      setError(null);
    } catch (e) {
      setError(serverMessage(e, 'Could not price the order. Please try again.'));
    } finally {
      setLoading(false);
    }
  };
  const submit = async () => {
    const outcome = await submission.send({ from, expected_total: preview?.total });
    if (!outcome.ok) {
      setError(outcome.error);
      if (outcome.status === 409) void open();
      return;
    }
    setPreview(null);
    void navigate(`${base}/${outcome.result._id}`);
  };
  const blocked = preview?.lines.some((l) => l.unit_price === null) ?? false;
  const changed = preview?.lines.some((l) => l.status === 'price_changed') ?? false;
  return (
    <>
      <Button variant="light" onClick={() => void open()} loading={loading}>
        {label}
      </Button>
      {error && !preview && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Modal opened={!!preview} onClose={() => setPreview(null)} title={label} size="xl">
        {preview && (
          <Stack gap="sm">
            {changed && <Text c="yellow.9">Some prices changed since your last order: they are highlighted.</Text>}
            {blocked && (
              <Text c="red.8">
                Some items cannot be ordered now. Remove them by ordering from the catalogue instead.
              </Text>
            )}
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <PreviewTable lines={preview.lines} total={preview.total} />
            <Group justify="flex-end">
              <Button onClick={() => void submit()} loading={submission.busy} disabled={blocked}>
                Submit order request
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
