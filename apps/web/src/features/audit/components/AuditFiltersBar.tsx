import { Button, CloseButton, Group, NativeSelect, Pill, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { AUDIT_ENTITY_KEYS } from '@portal/domain';
import type { AuditFilters } from '../api';
import { ACTION_LABELS, ENTITY_LABELS } from '../format';

const ENTITY_OPTIONS = [
  { value: '', label: 'All entities' },
  ...AUDIT_ENTITY_KEYS.map((k) => ({ value: k, label: ENTITY_LABELS[k] })),
];
const ACTION_OPTIONS = [
  { value: '', label: 'All actions' },
  ...Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label })),
];

export interface AuditFiltersBarProps {
  filters: AuditFilters;
  onChange: (next: AuditFilters) => void;
  /** Superadmin only: the company select (an admin only ever sees their own company). */
  companies?: { value: string; label: string }[];
  onExport: () => void;
  exporting: boolean;
}

/** Entity, action, company, date range and (set by clicking an actor in the list) actor. */
export function AuditFiltersBar({ filters, onChange, companies, onExport, exporting }: AuditFiltersBarProps) {
  const set = (patch: Partial<AuditFilters>) => onChange({ ...filters, ...patch });
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" mb="md">
      <NativeSelect
        label="Entity"
        data={ENTITY_OPTIONS}
        value={filters.entity}
        onChange={(e) => set({ entity: e.currentTarget.value, entity_id: '' })}
        w={170}
      />
      <NativeSelect
        label="Action"
        data={ACTION_OPTIONS}
        value={filters.action}
        onChange={(e) => set({ action: e.currentTarget.value })}
        w={230}
      />
      {companies && (
        <NativeSelect
          label="Company"
          data={[{ value: '', label: 'All companies' }, ...companies]}
          value={filters.company_id}
          onChange={(e) => set({ company_id: e.currentTarget.value })}
          w={220}
        />
      )}
      <DateBound label="From" value={filters.from} max={filters.to} onChange={(from) => set({ from })} />
      <DateBound label="To" value={filters.to} min={filters.from} onChange={(to) => set({ to })} />
      {filters.actor_id && (
        <Pill
          size="lg"
          withRemoveButton
          onRemove={() => set({ actor_id: '', actor_name: '' })}
          removeButtonProps={{ 'aria-label': 'Clear actor filter' }}
        >
          Actor: {filters.actor_name || filters.actor_id}
        </Pill>
      )}
      {filters.entity_id && (
        <Group gap={4}>
          <Pill size="lg">Record: {filters.entity_id.slice(0, 8)}</Pill>
          <CloseButton aria-label="Clear record filter" onClick={() => set({ entity_id: '' })} />
        </Group>
      )}
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={onExport}
        loading={exporting}
        ml="auto"
      >
        Export CSV
      </Button>
    </Group>
  );
}

/** One end of the date range; an empty other end sets no bound. */
function DateBound(props: { label: string; value: string; min?: string; max?: string; onChange: (v: string) => void }) {
  return (
    <TextInput
      type="date"
      label={props.label}
      value={props.value}
      min={props.min || undefined}
      max={props.max || undefined}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      w={160}
    />
  );
}
