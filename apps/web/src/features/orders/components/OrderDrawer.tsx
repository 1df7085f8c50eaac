import { useState } from 'react';
import { Link } from 'react-router';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Drawer,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconX } from '@tabler/icons-react';
import { todayIn } from '@portal/domain';
import { useAuthStore } from '../../auth';
import { fetchActiveSites, orderKeys, previewOrder } from '../api';
import { useOrderSubmission } from '../hooks';
import { useOrderCart } from '../store';
import { money } from './money';

type Outcome = { ok: true; text: string; _id: string; number: string } | { ok: false; text: string };

/**
 * The order being put together: quantities, the running total at the company's prices (the server's
 * preview), PO number, the delivery site (one of the company's active sites, optional), needed-by and
 * a note. Submitting sends the total seen, so a price that moved meanwhile is shown instead of
 * ordered; the number appears at once, with a link to the request.
 */
export function OrderDrawer() {
  const { rows, open, setOpen, setQuantity, remove, clear } = useOrderCart();
  const [po, setPo] = useState('');
  const [neededBy, setNeededBy] = useState('');
  const [note, setNote] = useState('');
  const [siteId, setSiteId] = useState('');
  const [result, setResult] = useState<Outcome | null>(null);
  const role = useAuthStore((s) => s.role);
  const submission = useOrderSubmission();
  const sites = useQuery({
    queryKey: orderKeys.sites,
    queryFn: ({ signal }) => fetchActiveSites(signal),
    enabled: open,
    staleTime: 60_000,
  });
  const siteOptions = sites.data ?? [];
  const lines = rows.map((r) => r.line);
  const preview = useQuery({
    queryKey: ['orders', 'preview', lines],
    queryFn: () => previewOrder({ lines }),
    enabled: open && lines.length > 0,
  });
  const byKey = new Map(rows.map((r, i) => [r.key, preview.data?.lines[i]]));
  const blocked = preview.data?.lines.some((l) => l.unit_price === null) ?? true;

  const send = async () => {
    const outcome = await submission.send({
      lines,
      ...(po.trim() ? { po_number: po.trim() } : {}),
      ...(neededBy ? { needed_by: neededBy } : {}),
      ...(siteId ? { site_id: siteId } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
      expected_total: preview.data?.total,
    });
    if (!outcome.ok) {
      if (outcome.status === 409) void preview.refetch();
      return setResult({ ok: false, text: outcome.error });
    }
    clear();
    setPo('');
    setNeededBy('');
    setNote('');
    setSiteId('');
    const { _id, number } = outcome.result;
    setResult({ ok: true, text: outcome.message ?? `Order request ${number} sent`, _id, number });
  };

  return (
    <Drawer
      opened={open}
      onClose={() => setOpen(false)}
      position="right"
      size="lg"
      title="Your order"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        {result && (
          <Alert
            color={result.ok ? 'teal' : 'red'}
            role={result.ok ? 'status' : 'alert'}
            withCloseButton
            onClose={() => setResult(null)}
          >
            {result.text}
            {result.ok && (
              <>
                {' '}
                <Anchor component={Link} to={`/${role}/orders/${result._id}`} onClick={() => setOpen(false)}>
                  View {result.number}
                </Anchor>
              </>
            )}
          </Alert>
        )}
        {!rows.length && !result && <Text c="gray.7">Nothing in your order yet. Add items from the catalogue.</Text>}
        {rows.length > 0 && (
          <>
            <Table aria-label="Order lines">
              <Table.Tbody>
                {rows.map((r) => {
                  const p = byKey.get(r.key);
                  return (
                    <Table.Tr key={r.key} data-status={p?.status}>
                      <Table.Td>
                        <Text fz="sm" fw={600}>
                          {r.part_number}
                        </Text>
                        <Text fz="xs">{r.label}</Text>
                        {p && p.status !== 'ok' && p.status !== 'price_changed' && (
                          <Text fz="xs" c="red.8">
                            {p.status === 'agreement_expired'
                              ? 'Agreed price ended: ask the office to renew'
                              : 'No longer available'}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td w={110}>
                        <NumberInput
                          aria-label={`Quantity of ${r.part_number}`}
                          size="xs"
                          min={1}
                          max={100_000}
                          allowDecimal={false}
                          value={r.line.quantity}
                          onChange={(v) => setQuantity(r.key, Math.max(1, Math.min(100_000, Number(v) || 1)))}
                        />
                      </Table.Td>
                      <Table.Td ta="right">{money(p?.line_total)}</Table.Td>
                      <Table.Td w={36}>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`Remove ${r.part_number}`}
                          onClick={() => remove(r.key)}
                        >
                          <IconX size={14} aria-hidden="true" />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
            <Group justify="space-between">
              <Text fw={600}>Total at your prices</Text>
              <Text fw={700} data-testid="running-total">
                {preview.data ? money(preview.data.total) : '…'}
              </Text>
            </Group>
            <TextInput
              label="PO number (optional)"
              value={po}
              onChange={(e) => setPo(e.currentTarget.value)}
              maxLength={35}
            />
            {siteOptions.length > 0 && (
              <NativeSelect
                label="Site (optional)"
                value={siteId}
                onChange={(e) => setSiteId(e.currentTarget.value)}
                data={[
                  { value: '', label: 'No particular site' },
                  ...siteOptions.map((s) => ({ value: s._id, label: `${s.name} (${s.code})` })),
                ]}
              />
            )}
            <TextInput
              label="Needed by (optional)"
              type="date"
              min={todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone)}
              value={neededBy}
              onChange={(e) => setNeededBy(e.currentTarget.value)}
            />
            <Textarea
              label="Note to the office (optional)"
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              maxLength={4000}
              rows={2}
            />
            <Button onClick={send} loading={submission.busy} disabled={!preview.data || blocked}>
              Submit order request
            </Button>
          </>
        )}
      </Stack>
    </Drawer>
  );
}

/** The catalogue's order button (with the line count) and its drawer. */
export function OrderBar() {
  const count = useOrderCart((s) => s.rows.length);
  const setOpen = useOrderCart((s) => s.setOpen);
  return (
    <>
      <Group justify="flex-end" mb="xs">
        <Button variant={count ? 'filled' : 'light'} onClick={() => setOpen(true)}>
          Order ({count})
        </Button>
      </Group>
      <OrderDrawer />
    </>
  );
}
