/** The edit view's part-number search: finds which product of the list holds a part number. */
import { useState, type FormEvent } from 'react';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { CATALOGUE_MSG } from '@portal/domain';
import type { CatalogueProduct } from '../types';

export function PartNumberFinder({
  products,
  onFound,
}: {
  products: readonly CatalogueProduct[];
  /** The product holding the (lower-cased) part number. */
  onFound: (productId: string, partNumber: string) => void;
}) {
  const [search, setSearch] = useState('');
  const [miss, setMiss] = useState(false);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const pn = search.trim().toLowerCase();
    if (!pn) return;
    const target = products.find((p) => p.variants?.some((v) => v.part_number.toLowerCase() === pn));
    setMiss(!target);
    if (target) onFound(target._id, pn);
  };
  const reset = () => {
    setSearch('');
    setMiss(false);
  };

  return (
    <>
      <form role="search" aria-label="Part number search" onSubmit={onSubmit}>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            label="Part number"
            placeholder="Find a part number"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            style={{ flex: 1, maxWidth: 320 }}
          />
          <Button type="submit" variant="light">
            Search
          </Button>
          <Button variant="default" onClick={reset}>
            Reset Search
          </Button>
        </Group>
      </form>
      {miss && (
        <Text role="status" c="gray.7">
          {CATALOGUE_MSG.productNotFound}
        </Text>
      )}
    </>
  );
}
