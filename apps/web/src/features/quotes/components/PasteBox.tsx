import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Group, NativeSelect, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useInputState } from '@mantine/hooks';
import type { QuoteMatchRow } from '@portal/contracts';
import { customSizeText, formatPrice } from '@portal/domain';
import { serverMessage } from '../../../shared/api/errors';
import { ColumnTable, type TableColumn } from '../../../shared/column-table';
import { fetchQuoteCategories, matchPaste, type QuoteLineDraft } from '../api';
import { useQuoteSubmission } from '../hooks';
import { SendNote, type SendNoteValue } from './SendNote';

const MATCH_LABEL: Record<QuoteMatchRow['match'], string> = {
  variant: 'In the catalogue',
  odd_size: 'Custom size',
  unknown: 'Unknown — the office will look',
  invalid: 'Cannot read',
};

const MATCH_COLOR: Record<QuoteMatchRow['match'], string> = {
  variant: 'teal',
  odd_size: 'blue',
  unknown: 'blue',
  invalid: 'red',
};

function describe(r: QuoteMatchRow): string {
  if (r.variant)
    return `${r.variant.product_name} ${r.variant.size} · ${formatPrice(Math.round(r.variant.customer_price * 100))}`;
  if (r.size) return customSizeText(r.size);
  return r.error ?? '';
}

const MATCHED_COLUMNS: TableColumn<QuoteMatchRow>[] = [
  { header: 'Line', cell: (r) => r.line },
  { header: 'Part number', cell: (r) => r.part_number },
  { header: 'Qty', cell: (r) => r.quantity ?? '—' },
  {
    header: 'Match',
    cell: (r) => (
      <Badge variant="light" color={MATCH_COLOR[r.match]}>
        {MATCH_LABEL[r.match]}
      </Badge>
    ),
  },
  { header: 'Details', cell: describe },
];

/** The lines a matched list can request (a custom size only once its product family is known). */
function requestableLines(rows: QuoteMatchRow[], catalogueId: string | undefined): QuoteLineDraft[] {
  return rows.flatMap((r): QuoteLineDraft[] => {
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
}

/** A pasted list (part number, quantity per line) → matched rows → one quote request. */
export function PasteBox({ catalogueId: fixedCatalogue }: { catalogueId?: string }) {
  const [text, setText] = useInputState('');
  const [family, setFamily] = useInputState('');
  const catalogueId = fixedCatalogue ?? (family || undefined);
  const [rows, setRows] = useState<QuoteMatchRow[] | null>(null);
  const [matching, setMatching] = useState(false);
  const submission = useQuoteSubmission();
  const busy = matching || submission.busy;
  const [note, setNote] = useState<SendNoteValue | null>(null);

  const match = async () => {
    setMatching(true);
    setNote(null);
    try {
      setRows(await matchPaste(text));
    } catch (err) {
      setNote({ ok: false, text: serverMessage(err, 'The list could not be read.') });
    } finally {
      setMatching(false);
    }
  };

  const lines = requestableLines(rows ?? [], catalogueId);
  const hasSizes = !!rows?.some((r) => r.match === 'odd_size');
  const categories = useQuery({
    queryKey: ['quotes', 'categories'],
    queryFn: ({ signal }) => fetchQuoteCategories(signal),
    enabled: hasSizes && !fixedCatalogue,
  });

  const send = async () => {
    const outcome = await submission.send({ lines });
    if (!outcome.ok) return setNote({ ok: false, text: outcome.error });
    const remark = outcome.message ? ` — ${outcome.message}` : '';
    setNote({ ok: true, text: `Quote request ${outcome.result.number} sent${remark}` });
    setRows(null);
    setText('');
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Paste a list">
      <Stack gap="sm">
        <Textarea
          label="Paste a list"
          description="One line per item: part number and quantity (cells copied from a spreadsheet work too)."
          value={text}
          onChange={setText}
          rows={3}
        />
        <Group>
          <Button variant="light" onClick={match} loading={busy} disabled={!text.trim()}>
            Match lines
          </Button>
        </Group>
        {note && <SendNote note={note} />}
        {rows && (
          <>
            <ColumnTable aria-label="Matched lines" rows={rows} columns={MATCHED_COLUMNS} rowKey={(r) => r.line} />
            {hasSizes && !fixedCatalogue && (
              <NativeSelect
                label="Product family of the custom sizes"
                data={[
                  { value: '', label: 'Choose a category' },
                  ...(categories.data ?? []).map((c) => ({ value: c._id, label: c.name })),
                ]}
                value={family}
                onChange={setFamily}
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
