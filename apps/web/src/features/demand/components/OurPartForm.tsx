import { useState } from 'react';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import type { AliasSource } from '../../find';
import { isApiRequestError } from '../../../shared/api';
import { ALIAS_SOURCES, lookupOurPart } from '../api';

export interface OurPartChoice {
  variantId: string;
  partNumber: string;
  source: AliasSource;
  brand: string | null;
}

/**
 * "Which of our parts is it?": our part number (looked up, any spelling), the alias's source and
 * brand. Used by the one-click resolve and by the alias form.
 */
export function OurPartForm({
  submitLabel,
  onSubmit,
}: {
  submitLabel: string;
  onSubmit: (choice: OurPartChoice) => Promise<void>;
}) {
  const [partNumber, setPartNumber] = useState('');
  const [source, setSource] = useState<AliasSource>('competitor');
  const [brand, setBrand] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      aria-label={submitLabel}
      onSubmit={async (e) => {
        e.preventDefault();
        setError(null);
        setBusy(true);
        try {
          const ours = await lookupOurPart(partNumber.trim());
          if (!ours) {
            setError(`"${partNumber.trim()}" is not one of our part numbers`);
            return;
          }
          await onSubmit({
            variantId: ours.variant_id,
            partNumber: ours.part_number,
            source,
            brand: brand.trim() || null,
          });
        } catch (err) {
          setError(isApiRequestError(err) ? err.message : 'Something went wrong. Please try again.');
        } finally {
          setBusy(false);
        }
      }}
    >
      <Stack gap="xs">
        <TextInput
          label="Our part number"
          required
          value={partNumber}
          onChange={(e) => setPartNumber(e.currentTarget.value)}
        />
        <Group grow>
          <Select
            label="Source"
            data={ALIAS_SOURCES}
            value={source}
            allowDeselect={false}
            onChange={(v) => v && setSource(v as AliasSource)}
          />
          <TextInput label="Brand" value={brand} maxLength={100} onChange={(e) => setBrand(e.currentTarget.value)} />
        </Group>
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={busy} disabled={!partNumber.trim()}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
