/**
 * The last save's 400 answer above the grid: 'Row {n} · {Field}: {message}'. Its own store
 * subscription, so the editor around the grid does not re-render on every committed cell; the
 * rows (for the row numbers, which follow reorders) are only read while there are errors.
 */
import { useMemo } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { useShallow } from 'zustand/react/shallow';
import { CATALOGUE_MSG } from '@portal/domain';
import { useEditStore } from './editStore';
import { FIELD_LABELS } from './model';

export function SaveErrors() {
  const { errors, errorMessage, rows } = useEditStore(
    useShallow((s) => ({
      errors: s.errors,
      errorMessage: s.errorMessage,
      rows: Object.keys(s.errors).length > 0 ? s.rows : null,
    })),
  );
  const rowNumber = useMemo(() => new Map(rows?.map((r, i) => [r._id, i + 1])), [rows]);
  const errorEntries = Object.entries(errors);
  if (!errorMessage && errorEntries.length === 0) return null;
  return (
    <Alert color="red" role="alert" title={errorMessage ?? CATALOGUE_MSG.saveFailed}>
      <Stack gap={2}>
        {errorEntries.map(([id, fields]) =>
          Object.entries(fields).map(([f, msg]) => (
            <Text fz="sm" key={`${id}-${f}`}>
              Row {rowNumber.get(id) ?? '?'}
              {f !== 'row' ? ` · ${FIELD_LABELS[f as keyof typeof FIELD_LABELS] ?? f}` : ''}: {msg}
            </Text>
          )),
        )}
      </Stack>
    </Alert>
  );
}
