import { useState } from 'react';
import { Box, Group, Paper, ScrollArea, Skeleton, Switch, Text, UnstyledButton } from '@mantine/core';
import { CATALOGUE_MSG } from '@portal/domain';
import { useCatalogueStore } from '../store';
import type { CatalogueCategory } from '../types';
import classes from './CategoryCards.module.css';

function CategoryImage({ category }: { category: CatalogueCategory }) {
  const [failed, setFailed] = useState(false);
  if (!category.image_url || failed) {
    return (
      <Box className={classes.imageFallback} aria-hidden="true">
        <Text fz="xs" c="gray.7">
          {CATALOGUE_MSG.imageNotAvailable}
        </Text>
      </Box>
    );
  }
  // Decorative: the card's name is the accessible label.
  return (
    <img src={category.image_url} alt="" className={classes.image} loading="lazy" onError={() => setFailed(true)} />
  );
}

interface Props {
  categories: readonly CatalogueCategory[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** Row of category cards in the fixed order; images or text-only (remembered for the browser session). */
export function CategoryCards({ categories, selectedId, onSelect }: Props) {
  const textOnly = useCatalogueStore((s) => s.textOnly);
  const setTextOnly = useCatalogueStore((s) => s.setTextOnly);
  return (
    <Box component="section" aria-label="Categories" mb="md">
      <Group justify="flex-end" mb="xs">
        <Switch label="Text only" checked={textOnly} onChange={(e) => setTextOnly(e.currentTarget.checked)} size="sm" />
      </Group>
      <ScrollArea type="auto" offsetScrollbars scrollbarSize={8}>
        <Group gap="sm" wrap="nowrap" pb={4} role="list">
          {categories.map((c) => {
            const selected = c._id === selectedId;
            return (
              <div role="listitem" key={c._id}>
                <UnstyledButton
                  onClick={() => onSelect(c._id)}
                  aria-pressed={selected}
                  className={classes.card}
                  data-selected={selected || undefined}
                  data-text-only={textOnly || undefined}
                >
                  {!textOnly && <CategoryImage category={c} />}
                  <Text fw={600} fz="sm" ta="center" className={classes.name}>
                    {c.name}
                  </Text>
                </UnstyledButton>
              </div>
            );
          })}
        </Group>
      </ScrollArea>
    </Box>
  );
}

export function CategoryCardsSkeleton() {
  return (
    <Group gap="sm" wrap="nowrap" mb="md" aria-hidden="true" style={{ overflow: 'hidden' }}>
      {Array.from({ length: 6 }, (_, i) => (
        <Paper key={i} withBorder radius="md" p="xs">
          <Skeleton w={120} h={80} mb={8} />
          <Skeleton w={120} h={14} />
        </Paper>
      ))}
    </Group>
  );
}
