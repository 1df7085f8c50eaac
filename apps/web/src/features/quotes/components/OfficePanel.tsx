import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import type { QuoteLineView, QuoteRequestDetail } from '@portal/contracts';
import { addDays, DEFAULT_VALIDITY_DAYS } from '@portal/domain';
import { serverMessage } from '../../../shared/api/errors';
import { useQuoteAction } from '../hooks';
import { lineItem, money } from './QuoteLinesTable';
import { QuoteTextBox } from './QuoteTextBox';

interface Answer {
  line_status: 'quoted' | 'cannot_quote';
  price: string;
  lead: number | string;
  note: string;
}

const ANSWER_OPTIONS = [
  { value: 'quoted', label: 'Quoted' },
  { value: 'cannot_quote', label: 'Cannot quote' },
];

function initial(l: QuoteLineView): Answer {
  const start = l.quoted_price ?? l.today_price ?? l.snapshot_price;
  return {
    line_status: l.line_status === 'cannot_quote' ? 'cannot_quote' : 'quoted',
    price: start === null || start === undefined ? '' : start.toFixed(2),
    lead: l.lead_time_days ?? '',
    note: l.line_note ?? '',
  };
}

/** What the office knows about a line: snapshot and today's price, or the size type and nearest variants. */
function LineFacts({ l }: { l: QuoteLineView }) {
  if (l.kind === 'catalogue')
    return (
      <Text fz="xs" c="gray.7">
        At request {money(l.snapshot_price)} · today {money(l.today_price)}
      </Text>
    );
  if (l.kind === 'custom_size')
    return (
      <Stack gap={2}>
        <Text fz="xs" c="gray.7">
          Size type {l.size_type ?? 'none (outside the catalogue types)'}
        </Text>
        {(l.nearest_variants ?? []).map((v) => (
          <Text key={v._id} fz="xs" c="gray.7">
            Near: {v.part_number} {v.size} · {money(v.customer_price)}
          </Text>
        ))}
      </Stack>
    );
  return (
    <Text fz="xs" c="gray.7">
      Not in the catalogue
    </Text>
  );
}

/** The quote desk's detail: the per-line price editor and the office's actions (`allowed_actions`). */
export function OfficePanel({ quote, today }: { quote: QuoteRequestDetail; today: string }) {
  const run = useQuoteAction(quote._id);
  const [answers, setAnswers] = useState<Record<string, Answer>>(() =>
    Object.fromEntries(quote.lines.map((l) => [l._id, initial(l)])),
  );
  const [validUntil, setValidUntil] = useState(quote.valid_until ?? addDays(today, DEFAULT_VALIDITY_DAYS));
  /** How long accepted custom and unlisted prices hold as agreed items ('' = validity + 365 days). */
  const [heldUntil, setHeldUntil] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const can = (a: string) => quote.allowed_actions.includes(a as never);
  const editable = can('send-quote');
  const setField = <K extends keyof Answer>(id: string, key: K, value: Answer[K]) =>
    setAnswers((s) => ({ ...s, [id]: { ...s[id], [key]: value } }));
  /** The price and the note of a line are plain text fields. */
  const textField = (l: QuoteLineView, key: 'price' | 'note', name: string, props?: TextInputProps) => (
    <TextInput
      aria-label={`${name} for line ${l.position}`}
      value={answers[l._id][key]}
      onChange={(e) => setField(l._id, key, e.currentTarget.value)}
      size="xs"
      disabled={!editable}
      {...props}
    />
  );
  const go = (action: Parameters<typeof run.mutate>[0]) =>
    run.mutate(action, {
      onError: (e) => setError(serverMessage(e, 'That did not work. Please try again.')),
      onSuccess: () => setError(null),
    });

  const sendQuote = () =>
    go({
      action: 'send-quote',
      body: {
        version: quote.version,
        valid_until: validUntil,
        ...(heldUntil ? { price_held_until: heldUntil } : {}),
        lines: quote.lines.map((l) => {
          const a = answers[l._id];
          return a.line_status === 'quoted'
            ? {
                _id: l._id,
                line_status: 'quoted',
                quoted_price: a.price,
                lead_time_days: a.lead === '' ? null : Number(a.lead),
                line_note: a.note || undefined,
              }
            : { _id: l._id, line_status: 'cannot_quote', line_note: a.note || undefined };
        }),
      },
    });

  return (
    <Stack gap="sm" component="section" aria-label="Quote desk">
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={760} type="native">
        <Table aria-label="Price editor">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>Item</Table.Th>
              <Table.Th ta="right">Qty</Table.Th>
              <Table.Th>Answer</Table.Th>
              <Table.Th>Unit price</Table.Th>
              <Table.Th>Lead days</Table.Th>
              <Table.Th>Note</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {quote.lines.map((l) => {
              const a = answers[l._id];
              return (
                <Table.Tr key={l._id}>
                  <Table.Td>{l.position}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Text fz="sm">{lineItem(l)}</Text>
                      <Badge size="xs" variant="outline">
                        {l.kind.replace('_', ' ')}
                      </Badge>
                    </Group>
                    <LineFacts l={l} />
                  </Table.Td>
                  <Table.Td ta="right">{l.quantity}</Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Answer for line ${l.position}`}
                      data={ANSWER_OPTIONS}
                      value={a.line_status}
                      onChange={(v) => setField(l._id, 'line_status', (v as Answer['line_status']) ?? 'quoted')}
                      size="xs"
                      w={130}
                      disabled={!editable}
                    />
                  </Table.Td>
                  <Table.Td>
                    {textField(l, 'price', 'Unit price', { w: 100, disabled: !editable || a.line_status !== 'quoted' })}
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Lead time for line ${l.position}`}
                      value={a.lead}
                      onChange={(v) => setField(l._id, 'lead', v)}
                      min={0}
                      max={365}
                      allowDecimal={false}
                      size="xs"
                      w={80}
                      disabled={!editable}
                    />
                  </Table.Td>
                  <Table.Td>{textField(l, 'note', 'Note', { miw: 220 })}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editable && (
        <Group align="flex-end">
          <TextInput
            label="Valid until (end of day)"
            type="date"
            value={validUntil}
            onChange={(e) => setValidUntil(e.currentTarget.value)}
            min={today}
          />
          <TextInput
            label="Agreed prices hold until (optional)"
            description="Default: a year after the validity"
            type="date"
            value={heldUntil}
            onChange={(e) => setHeldUntil(e.currentTarget.value)}
            min={validUntil}
          />
          <Button onClick={sendQuote} loading={run.isPending}>
            Send quote
          </Button>
        </Group>
      )}
      {(can('request-info') || can('reject')) && (
        <QuoteTextBox label="Question or reason" value={text} onChange={setText} />
      )}
      <Group>
        {can('assign') && (
          <Button variant="light" onClick={() => go({ action: 'assign' })}>
            Take it
          </Button>
        )}
        {can('request-info') && (
          <Button
            variant="light"
            disabled={!text.trim()}
            onClick={() => go({ action: 'request-info', body: { message: text } })}
          >
            Ask for information
          </Button>
        )}
        {can('revise') && (
          <Button variant="light" onClick={() => go({ action: 'revise' })}>
            Revise
          </Button>
        )}
        {can('reject') && (
          <Button
            variant="subtle"
            color="red"
            disabled={!text.trim()}
            onClick={() => go({ action: 'reject', body: { reason: text } })}
          >
            Reject
          </Button>
        )}
      </Group>
    </Stack>
  );
}
