import { useState } from 'react';
import { Select, type ComboboxItem, type ComboboxItemGroup } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { CATALOGUE_ROUTES } from '@portal/domain';
import { call } from '../../../shared/api';
import { useAuthStore } from '../../auth';
import { useActiveAgreedItems } from '../hooks';

/** What a change re-fits the slot with (nothing chosen: the slot keeps what it holds). */
export type FittedChoice = { variant_id: string } | { agreed_item_id: string };

const AGREED = 'agreed:';
const VARIANT = 'variant:';

/** The value a choice has in the picker, and back. */
const choiceOf = (value: string | null): FittedChoice | null =>
  value?.startsWith(AGREED)
    ? { agreed_item_id: value.slice(AGREED.length) }
    : value?.startsWith(VARIANT)
      ? { variant_id: value.slice(VARIANT.length) }
      : null;

const matches = (label: string, search: string) => label.toLowerCase().includes(search.trim().toLowerCase());

/** Catalogue parts a part number or a size names, found like the find box does. */
async function findParts(q: string, signal: AbortSignal): Promise<ComboboxItem[]> {
  const res = await call(CATALOGUE_ROUTES.find, { query: { q, limit: 10 } }, { signal });
  return res.data.list
    .filter((r) => r.matched_via !== 'agreed_item')
    .map((r) => ({ value: `${VARIANT}${r.variant_id}`, label: `${r.part_number} · ${r.size} · ${r.product.name}` }));
}

/**
 * "Filter fitted" in the record-change form: the company's agreed items first (filtered by what is
 * typed), then the catalogue parts a typed part number or size finds. Cleared: the slot keeps its filter.
 */
export function FittedPicker({
  companyId,
  onChange,
}: {
  companyId: string;
  onChange: (choice: FittedChoice | null) => void;
}) {
  const [value, setValue] = useState<string | null>(null);
  const [chosen, setChosen] = useState<ComboboxItem | null>(null);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const role = useAuthStore((s) => s.role);
  const agreed = useActiveAgreedItems(role === 'superadmin' ? companyId : undefined, true);
  const searching = q.length >= 2 && q !== chosen?.label;
  const parts = useQuery({
    queryKey: ['programme', 'fitted-picker', q] as const,
    queryFn: ({ signal }) => findParts(q, signal),
    enabled: searching,
  });
  const filter = search === chosen?.label ? '' : search;
  const agreedItems = (agreed.data ?? [])
    .map((a) => ({
      value: `${AGREED}${a._id}`,
      label: [a.customer_part_no ?? a.part_number, a.description].filter(Boolean).join(' · '),
    }))
    .filter((o) => matches(o.label, filter));
  const catalogue = searching ? [...(parts.data ?? [])] : [];
  // The chosen option stays listed so the box keeps showing it after the search moves on.
  if (chosen && ![...agreedItems, ...catalogue].some((o) => o.value === chosen.value)) catalogue.unshift(chosen);
  const data: ComboboxItemGroup<ComboboxItem>[] = [
    { group: 'Agreed items', items: agreedItems },
    { group: 'Catalogue', items: catalogue },
  ].filter((g) => g.items.length > 0);
  return (
    <Select
      label="Filter fitted"
      description="Leave empty if the same filter was fitted"
      placeholder="Search a part number or size"
      searchable
      clearable
      data={data}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={searching && parts.isFetching ? 'Searching…' : 'Nothing found'}
      onChange={(v, option) => {
        setValue(v);
        setChosen(v ? option : null);
        onChange(choiceOf(v));
      }}
    />
  );
}
