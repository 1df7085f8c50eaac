import type { ReactNode } from 'react';
import { Group, Skeleton, Tabs } from '@mantine/core';
import type { CatalogueSubcategory } from '../types';

interface Props {
  categoryName: string;
  subcategories: readonly CatalogueSubcategory[];
  selectedId: string;
  onSelect: (id: string) => void;
  /** Content of the selected tab (its products or search results). */
  children: ReactNode;
}

/** Sub-category tabs; only the selected tab's panel is rendered. */
export function SubcategoryTabs({ categoryName, subcategories, selectedId, onSelect, children }: Props) {
  return (
    <Tabs value={selectedId} onChange={(v) => v && onSelect(v)}>
      <Tabs.List
        aria-label={`${categoryName} sub-categories`}
        mb="md"
        style={{ flexWrap: 'nowrap', overflowX: 'auto' }}
      >
        {subcategories.map((s) => (
          <Tabs.Tab key={s._id} value={s._id} fw={600}>
            {s.name}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {subcategories.map((s) => (
        <Tabs.Panel key={s._id} value={s._id}>
          {s._id === selectedId ? children : null}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

export function SubcategoryTabsSkeleton() {
  return (
    <Group gap="md" mb="md" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} w={64} h={28} />
      ))}
    </Group>
  );
}
