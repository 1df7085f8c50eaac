import {
  ActionIcon,
  Button,
  CloseButton,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconLayoutGrid,
  IconList,
  IconPlus,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import type { CompanySortField } from '@portal/domain';
import type { SortOrder } from '../api';
import { SORT_OPTIONS } from '../sort';

export type CompaniesView = 'grid' | 'list';

interface Props {
  search: string;
  searching: boolean;
  onSearch: (value: string) => void;
  onClear: () => void;
  sortBy: CompanySortField;
  sortOrder: SortOrder;
  onSort: (field: CompanySortField) => void;
  onToggleOrder: () => void;
  view: CompaniesView;
  onView: (view: CompaniesView) => void;
  onAdd: () => void;
}

/** Search (debounced by the caller), sort dropdown + order, grid/list toggle and Add Company. */
export function CompaniesToolbar(p: Props) {
  const orderLabel = p.sortOrder === 'asc' ? 'Sort ascending' : 'Sort descending';
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap" mb="md">
      <Group gap="sm" align="flex-end" wrap="wrap" style={{ flex: 1 }}>
        <TextInput
          aria-label="Search companies"
          placeholder="Search companies by name..."
          value={p.search}
          onChange={(e) => p.onSearch(e.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={p.search ? <CloseButton aria-label="Clear search field" size="sm" onClick={p.onClear} /> : null}
          miw={240}
          style={{ flex: 1, maxWidth: 420 }}
        />
        <Select
          label="Sort by"
          data={SORT_OPTIONS}
          value={p.sortBy}
          allowDeselect={false}
          onChange={(v) => v && p.onSort(v as CompanySortField)}
          w={170}
        />
        <Tooltip label={orderLabel} withArrow>
          <ActionIcon variant="default" size="lg" aria-label={orderLabel} onClick={p.onToggleOrder}>
            {p.sortOrder === 'asc' ? (
              <IconSortAscending size={18} aria-hidden />
            ) : (
              <IconSortDescending size={18} aria-hidden />
            )}
          </ActionIcon>
        </Tooltip>
        {p.searching && (
          <Group gap={6} role="status" aria-live="polite">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Searching...
            </Text>
          </Group>
        )}
      </Group>
      <Group gap="sm">
        <SegmentedControl
          aria-label="View"
          value={p.view}
          onChange={(v) => p.onView(v as CompaniesView)}
          data={[
            {
              value: 'grid',
              label: (
                <>
                  <IconLayoutGrid size={16} aria-hidden />
                  <VisuallyHidden>Grid view</VisuallyHidden>
                </>
              ),
            },
            {
              value: 'list',
              label: (
                <>
                  <IconList size={16} aria-hidden />
                  <VisuallyHidden>List view</VisuallyHidden>
                </>
              ),
            },
          ]}
        />
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={p.onAdd}>
          Add Company
        </Button>
      </Group>
    </Group>
  );
}
