import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Group, NativeSelect, Paper, Stack, Table, Text, Textarea } from '@mantine/core';
import type { QuoteMatchRow } from '@portal/contracts';
import { customSizeText, formatPrice } from '@portal/domain';
import { serverMessage } from '../../../shared/api/errors';
import { fetchQuoteCategories, matchPaste, newIdempotencyKey, submitQuote, type QuoteLineDraft } from '../api';

const MATCH_LABEL: Record<QuoteMatchRow['match'], string> = {
  variant: 'In the catalogue',
  odd_size: 'Custom size',
  unknown: 'Unknown — the office will look',
  invalid: 'Cannot read',
};

function describe(r: QuoteMatchRow): string {
  if (r.variant)
    return `${r.variant.product_name} ${r.variant.size} · ${formatPrice(Math.round(r.variant.customer_price * 100))}`;
  if (r.size) return customSizeText(r.size);
  return r.error ?? '';
}

/** A pasted list (part number, quantity per line) → matched rows → one quote request. */
export function PasteBox({ catalogueId: fixedCatalogue }: { catalogueId?: string }) {
  const [text, setText] = useState('');
  const [family, setFamily] = useState('');
  const catalogueId = fixedCatalogue ?? (family || undefined);
  const [rows, setRows] = useState<QuoteMatchRow[] | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  const match = async () => {
    setBusy(true);
    setNote(null);
    try {
      setRows(await matchPaste(text));
    } catch (err) {
      setNote({ ok: false, text: serverMessage(err, 'The list could not be read.') });
    } finally {
      setBusy(false);
    }
  };

  const lines: QuoteLineDraft[] = (rows ?? []).flatMap((r): QuoteLineDraft[] => {
    const quantity = r.quantity ?? 1;
    if (r.match === 'variant' && r.variant) return [{ kind: 'catalogue', variant_id: r.variant._id, quantity }];
    if (r.match === 'unknown') return [{ kind: 'unlisted', part_number: r.part_number, quantity }];
    if (r.match === 'odd_size' && r.size && catalogueId)
      return [
        {
          kind: 'custom_size',
          catalogue_id: catalogueId,
          width: r.size.width,
          height: r.size.height,
          depth: r.size.depth,
          measure: r.size.measure,
          quantity,
        },
      ];
    return [];
  });

  const hasSizes = !!rows?.some((r) => r.match === 'odd_size');
  const categories = useQuery({
    queryKey: ['quotes', 'categories'],
    queryFn: ({ signal }) => fetchQuoteCategories(signal),
    enabled: hasSizes && !fixedCatalogue,
  });

  const send = async () => {
    setBusy(true);
    try {
      const res = await submitQuote({ lines }, key);
      setNote({ ok: true, text: `Quote request ${res.data.number} sent${res.message ? ` — ${res.message}` : ''}` });
      setRows(null);
      setText('');
      setKey(newIdempotencyKey());
    } catch (err) {
      setNote({ ok: false, text: serverMessage(err, 'The request could not be sent. Please try again.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Paste a list">
      <Stack gap="sm">
        <Textarea
          label="Paste a list"
          description="One line per item: part number and quantity (cells copied from a spreadsheet work too)."
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}

          rows={3}
        />
        <Group>
          <Button variant="light" onClick={match} loading={busy} disabled={!text.trim()}>
            Match lines
          </Button>
        </Group>
        {note && (
          <Alert color={note.ok ? 'teal' : 'red'} role="status">
            {note.text}
          </Alert>
        )}
        {rows && (
          <>
            <Table aria-label="Matched lines">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Line</Table.Th>
                  <Table.Th>Part number</Table.Th>
                  <Table.Th>Qty</Table.Th>
                  <Table.Th>Match</Table.Th>
                  <Table.Th>Details</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.line}>
                    <Table.Td>{r.line}</Table.Td>
                    <Table.Td>{r.part_number}</Table.Td>
                    <Table.Td>{r.quantity ?? '—'}</Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={r.match === 'variant' ? 'teal' : r.match === 'invalid' ? 'red' : 'blue'}
                      >
                        {MATCH_LABEL[r.match]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{describe(r)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {hasSizes && !fixedCatalogue && (
              <NativeSelect
                label="Product family of the custom sizes"
                data={[
                  { value: '', label: 'Choose a category' },
                  ...(categories.data ?? []).map((c) => ({ value: c._id, label: c.name })),
                ]}
                value={family}
                onChange={(e) => setFamily(e.currentTarget.value)}
                w={320}
              />
            )}
            <Text fz="sm" c="gray.7">
              {lines.length} of {rows.length} lines can be requested.
            </Text>
            <Group>
              <Button onClick={send} loading={busy} disabled={!lines.length}>
                Request a quote for these lines
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
