import { NativeSelect } from '@mantine/core';

/** '' = all, 'true' = active, 'false' = inactive (the value the status filter sends). */
export type StatusValue = '' | 'true' | 'false';

export interface StatusFilterProps {
  value: StatusValue;
  /** Callers reset their page to 1 here. */
  onChange: (value: StatusValue) => void;
  /** Label of the "everything" option; 'All User Status' by default ('All Notifications' on notifications). */
  allLabel?: string;
  /** Accessible name of the select. */
  label?: string;
}

/** Active (true) / Inactive (false): the options of a status field. */
export const STATUS_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

/** All / Active (true) / Inactive (false). */
export function StatusFilter({
  value,
  onChange,
  allLabel = 'All User Status',
  label = 'Status filter',
}: StatusFilterProps) {
  return (
    <NativeSelect
      aria-label={label}
      w={200}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value as StatusValue)}
      data={[{ value: '', label: allLabel }, ...STATUS_OPTIONS]}
    />
  );
}
