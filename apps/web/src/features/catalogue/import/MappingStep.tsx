import { Alert, Select, Table, Text } from '@mantine/core';
import { IMPORT_COLUMNS, REQUIRED_IMPORT_COLUMNS, type ImportColumn } from '@portal/domain';

interface MappingStepProps {
  headers: string[];
  mapping: Record<string, ImportColumn | null>;
  onChange: (mapping: Record<string, ImportColumn | null>) => void;
  missing: ImportColumn[];
}

const OPTIONS = [
  { value: '', label: 'Ignore this column' },
  ...IMPORT_COLUMNS.map((c) => ({
    value: c,
    label: REQUIRED_IMPORT_COLUMNS.includes(c) ? `${c} (required)` : c,
  })),
];

/** One row per file column: which catalogue column it fills (suggested from the header). */
export function MappingStep({ headers, mapping, onChange, missing }: MappingStepProps) {
  const set = (header: string, value: string | null) => {
    const next: Record<string, ImportColumn | null> = { ...mapping };
    const col = (value || null) as ImportColumn | null;
    // a column is filled from one file column only
    if (col) for (const h of Object.keys(next)) if (next[h] === col) next[h] = null;
    next[header] = col;
    onChange(next);
  };
  return (
    <>
      {missing.length > 0 && (
        <Alert color="red" title="Map the required columns" role="alert">
          Not mapped yet: {missing.join(', ')}
        </Alert>
      )}
      <Text size="sm" c="gray.7">
        Columns left out keep their current values; new rows get defaults.
      </Text>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Column in the file</Table.Th>
            <Table.Th scope="col">Catalogue column</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {headers.map((h) => (
            <Table.Tr key={h}>
              <Table.Td>{h}</Table.Td>
              <Table.Td>
                <Select
                  aria-label={`Catalogue column for ${h}`}
                  data={OPTIONS}
                  value={mapping[h] ?? ''}
                  onChange={(v) => set(h, v)}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
