import { useId, useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconMinus, IconPlus } from '@tabler/icons-react';
import {
  actionFromExact,
  CATALOGUE_MSG,
  customSize,
  customSizeText,
  parseDimension,
  STEP,
  stepDimension,
  validateDimensionSearch,
} from '@portal/domain';
import { RequestQuoteForm } from '../../quotes';
import type { DimensionInput } from '../store';
import type { DimensionSearchQuery } from '../types';

type Field = 'width' | 'height' | 'depth';
const FIELDS: { key: Field; label: string }[] = [
  { key: 'width', label: 'Width' },
  { key: 'height', label: 'Height' },
  { key: 'depth', label: 'Depth' },
];

interface Props {
  values: DimensionInput;
  onChange: (patch: Partial<DimensionInput>) => void;
  onSearch: (query: DimensionSearchQuery) => void;
  onReset: () => void;
  /** The category or sub-category searched: set for customers, who may request a quote for a size no search allows. */
  quoteCatalogueId?: string;
  /** A rejected Search: the results of the previous search are no longer what the inputs say. */
  onInvalid?: () => void;
  /** Phones: the form folds under its title (open while `open`, e.g. a dimension search is active). */
  collapsible?: boolean;
  open?: boolean;
}

const SIZE_IN_ONE_BOX = /^\s*([\d./ -]+?)\s*[x×X*]\s*([\d./ -]+?)(?:\s*[x×X*]\s*([\d./ -]+?))?\s*["″”]?\s*$/;

/**
 * '20x25' or '20 x 25 x 1' typed into one box: the sizes it names, to say where each belongs
 * (null when the value is not a size written that way).
 */
export function sizeInOneBox(value: string): { width: string; height: string; depth?: string } | null {
  const m = SIZE_IN_ONE_BOX.exec(value);
  if (!m) return null;
  const [width, height, depth] = [m[1], m[2], m[3]].map((v) => v?.trim());
  if (!parseDimension(width).ok || !parseDimension(height).ok) return null;
  if (depth !== undefined && !parseDimension(depth).ok) return null;
  return depth === undefined ? { width, height } : { width, height, depth };
}

/** The message for a whole size typed into one field, naming the field and the split. */
export function oneBoxMessage(label: string, size: { width: string; height: string; depth?: string }): string {
  const depth = size.depth ? ` and ${size.depth} in Depth` : '';
  return `${label} takes one number: enter ${size.width} in Width, ${size.height} in Height${depth}.`;
}

/** A value like '20 1/2', '20.5' or '.5' forces exact measurements. */
export function forcesExact(values: DimensionInput): boolean {
  return [values.width, values.height, values.depth].some((v) => {
    const p = parseDimension(v);
    return p.ok && p.fractionalOrDecimal;
  });
}

function DimensionField({
  field,
  label,
  value,
  onChange,
}: {
  field: Field;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const lower = label.toLowerCase();
  const step = (delta: number) => onChange(String(stepDimension(value, delta)));
  return (
    <Group gap={6} align="flex-end" wrap="nowrap">
      <ActionIcon variant="default" size={36} onClick={() => step(-STEP)} aria-label={`Decrease ${lower} by ${STEP}`}>
        <IconMinus size={16} aria-hidden="true" />
      </ActionIcon>
      <TextInput
        label={`${label} (in)`}
        name={field}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        inputMode="decimal"
        autoComplete="off"
        placeholder={field === 'depth' ? '1' : 'e.g. 20 1/2'}
        style={{ flex: 1, minWidth: 0 }}
      />
      <ActionIcon variant="default" size={36} onClick={() => step(STEP)} aria-label={`Increase ${lower} by ${STEP}`}>
        <IconPlus size={16} aria-hidden="true" />
      </ActionIcon>
    </Group>
  );
}

/** Under the over-30″ 'Invalid Size' text: the entered size as a quote request. */
function OversizeQuote({ values, catalogueId }: { values: DimensionInput; catalogueId: string }) {
  const measure = values.useExactMeasurements ? 'exact' : 'nominal';
  const size = customSize(values.width, values.height, values.depth, measure);
  if (!size.ok) return null;
  return (
    <RequestQuoteForm
      title={`Request a quote for ${customSizeText(size.size)}`}
      line={{
        kind: 'custom_size',
        catalogue_id: catalogueId,
        width: values.width,
        height: values.height,
        depth: values.depth,
        measure,
      }}
    />
  );
}

/** Dimension (Odd Size Search) side panel. */
export function DimensionSearchPanel({
  values,
  onChange,
  onSearch,
  onReset,
  quoteCatalogueId,
  onInvalid,
  collapsible,
  open,
}: Props) {
  const [error, setError] = useState<string | null>(null);
  const [split, setSplit] = useState<{ width: string; height: string; depth?: string } | null>(null);
  const [expanded, setExpanded] = useState(!!open);
  const formId = useId();
  const shown = !collapsible || expanded;
  // A dimension search opened from a link (or Back) shows its inputs.
  const [wasOpen, setWasOpen] = useState(!!open);
  if (!!open !== wasOpen) {
    setWasOpen(!!open);
    if (open) setExpanded(true);
  }
  // Content outlives `opened` so the closing transition keeps its text.
  const [modal, setModal] = useState<{ title: string; text: string; oversize: boolean } | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const forced = forcesExact(values);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const whole = FIELDS.map((f) => ({ f, size: sizeInOneBox(values[f.key]) })).find((x) => x.size);
    if (whole?.size) {
      // The spec's message, and beneath it where each number goes.
      setError(CATALOGUE_MSG.dimensionsInvalid);
      setSplit(whole.size);
      onInvalid?.();
      return;
    }
    setSplit(null);
    const result = validateDimensionSearch(values);
    if (!result.ok) {
      onInvalid?.();
      // Over-30 has the same text inline and in the modal: show it once, in the modal.
      setError(result.error.modal?.text === result.error.message ? null : result.error.message);
      if (result.error.modal) {
        setModal({ ...result.error.modal, oversize: result.error.kind === 'over-30' });
        setModalOpen(true);
      }
      return;
    }
    setError(null);
    const s = result.search;
    onSearch({ width: s.width, height: s.height, depth: s.depth, action: actionFromExact(s.exact) });
  };

  const reset = () => {
    setError(null);
    setSplit(null);
    onReset();
  };

  const title = collapsible ? (
    <UnstyledButton
      onClick={() => setExpanded((v) => !v)}
      aria-expanded={shown}
      aria-controls={formId}
      style={{ display: 'flex', alignItems: 'center', gap: 8, width: '100%' }}
    >
      <span style={{ flex: 1 }}>Odd Size Search</span>
      <IconChevronDown size={18} aria-hidden="true" style={{ transform: shown ? 'rotate(180deg)' : undefined }} />
    </UnstyledButton>
  ) : (
    'Odd Size Search'
  );

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="odd-size-search-title">
      <Title order={2} fz="lg" id="odd-size-search-title">
        {title}
      </Title>
      {shown && (
        <Text fz="sm" c="gray.7" mb="sm">
          Dimension search in inches, e.g. 20 1/2 or 20.5
        </Text>
      )}
      <form onSubmit={submit} noValidate aria-label="Odd size search" id={formId} hidden={!shown}>
        <Stack gap="sm">
          {FIELDS.map((f) => (
            <DimensionField
              key={f.key}
              field={f.key}
              label={f.label}
              value={values[f.key]}
              onChange={(v) => {
                setError(null);
                setSplit(null);
                onChange({ [f.key]: v });
              }}
            />
          ))}
          <Checkbox
            label="Use exact measurements"
            checked={values.useExactMeasurements || forced}
            disabled={forced}
            description={forced ? 'Fractional and decimal sizes are always searched exactly.' : undefined}
            onChange={(e) => onChange({ useExactMeasurements: e.currentTarget.checked })}
          />
          {error && (
            <Text fz="sm" c="red.8" role="alert">
              {error}
            </Text>
          )}
          {split && (
            <Text fz="sm" data-testid="one-box-hint">
              {oneBoxMessage(FIELDS.find((f) => sizeInOneBox(values[f.key]))?.label ?? 'Width', split)}
            </Text>
          )}
          {split && (
            <Button
              variant="light"
              size="xs"
              onClick={() => {
                onChange({ width: split.width, height: split.height, ...(split.depth ? { depth: split.depth } : {}) });
                setError(null);
                setSplit(null);
              }}
            >
              {`Use ${split.width} × ${split.height}${split.depth ? ` × ${split.depth}` : ''}`}
            </Button>
          )}
          <Group gap="sm" grow>
            <Button type="submit">Search</Button>
            <Button variant="default" onClick={reset}>
              Reset
            </Button>
          </Group>
          <Text fz="xs" c="gray.7">
            Custom sizes are made to order and are final sale. Without exact measurements, filters are built ½″ under
            the entered width and height; width and height are interchangeable.
          </Text>
        </Stack>
      </form>
      <Modal opened={modalOpen} onClose={() => setModalOpen(false)} title={modal?.title} centered>
        <Text>{modal?.text}</Text>
        {modal?.oversize && quoteCatalogueId && (
          <Stack mt="md">
            <OversizeQuote values={values} catalogueId={quoteCatalogueId} />
          </Stack>
        )}
        <Group justify="flex-end" mt="md">
          <Button onClick={() => setModalOpen(false)}>OK</Button>
        </Group>
      </Modal>
    </Paper>
  );
}
