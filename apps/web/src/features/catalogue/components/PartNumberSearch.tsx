import type { FormEvent } from 'react';
import { ActionIcon, Button, Group, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';

interface Props {
  value: string;
  onChange: (value: string) => void;
  /** Submitted on Enter or the Look up button; an empty box clears the search. */
  onSearch: (partNumber: string) => void;
  onClear: () => void;
  active: boolean;
}

/** Part-number look-up ("/" focuses the find box above it). */
export function PartNumberSearch({ value, onChange, onSearch, onClear, active }: Props) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const pn = value.trim();
    if (pn) onSearch(pn);
    else onClear();
  };
  return (
    <form role="search" aria-label="Part number search" onSubmit={submit}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Part number"
          placeholder="Search by part number"
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          rightSection={
            active || value ? (
              <ActionIcon variant="subtle" color="gray" onClick={onClear} aria-label="Clear part number search">
                <IconX size={16} aria-hidden="true" />
              </ActionIcon>
            ) : null
          }
          autoComplete="off"
          spellCheck={false}
          style={{ flex: 1, maxWidth: 420 }}
        />
        <Button type="submit">Look up</Button>
      </Group>
    </form>
  );
}
